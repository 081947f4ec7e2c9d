import type { LanguageKey } from '@portal/contract/constants';

type LanguageItem = { idioma_cod: LanguageKey };

type LanguageListOptions<T extends LanguageItem> = {
  items: T[];
  active: LanguageKey | undefined;
  onActive: (lang: LanguageKey) => void;
  onChange: (items: T[]) => void;
  onWarning: (key: string | null) => void;
  /** A new, empty item in a language. */
  empty: (lang: LanguageKey) => T;
  /** The message keys of the two rules, as each screen's spec names them. */
  messages: { alreadyAdded: string; lastOne: string };
};

/**
 * The texts of a record in several languages (spec part 2 §5): a language is added once only, and the last one cannot
 * be removed; removing the shown language shows the first left. Used by the map point, post and name editors.
 */
export function languageList<T extends LanguageItem>(o: LanguageListOptions<T>) {
  const add = (lang: LanguageKey) => {
    if (o.items.some((x) => x.idioma_cod === lang)) return o.onWarning(o.messages.alreadyAdded);
    o.onWarning(null);
    o.onChange([...o.items, o.empty(lang)]);
    o.onActive(lang);
  };
  const remove = (lang: string) => {
    if (o.items.length <= 1) return o.onWarning(o.messages.lastOne);
    o.onWarning(null);
    const rest = o.items.filter((x) => x.idioma_cod !== lang);
    o.onChange(rest);
    if (o.active === lang) o.onActive(rest[0]!.idioma_cod);
  };
  const update = (index: number, patch: Partial<T>) =>
    o.onChange(o.items.map((x, i) => (i === index ? { ...x, ...patch } : x)));
  return { add, remove, update };
}
