import type { LanguageKey } from '@portal/contract/constants';
import { useState } from 'react';
import type { FieldErrors } from './form-errors';

/** The shown tab and the language rule just broken, as a record's language tabs take them. */
export type LanguageTabsState = {
  active: LanguageKey | undefined;
  onActive: (lang: LanguageKey) => void;
  /** The language rule just broken, shown under the tabs. */
  warning: string | null;
  onWarning: (key: string | null) => void;
};

/**
 * The state of a record's language tabs: the tab shown (first the first language) and the language rule just broken
 * (spec part 2 §5). `tabs` goes to the tabs component; `showErrorTab` shows the tab of the first text with an error.
 */
export function useLanguageTabs(first: LanguageKey | undefined) {
  const [active, setActive] = useState<LanguageKey | undefined>(first);
  const [warning, setWarning] = useState<string | null>(null);
  const showErrorTab = (errors: FieldErrors, listPath: string, items: readonly { idioma_cod: LanguageKey }[]) => {
    const bad = Object.keys(errors).find((k) => k.startsWith(`${listPath}.`));
    const lang = bad ? items[Number(bad.split('.')[1])]?.idioma_cod : undefined;
    if (lang) setActive(lang);
  };
  const tabs: LanguageTabsState = { active, onActive: setActive, warning, onWarning: setWarning };
  return { tabs, showErrorTab };
}
