/**
 * Names that come from the ERP (stores, delivery modes, payment methods) may carry a name per language, written by
 * admins; a language without one reads the ERP's name (issue 25 "Languages"; decision 0091).
 */
import { z } from 'zod';
import { LANGUAGE_KEYS, type LanguageKey } from './constants.ts';

export const ERP_NAMES_MESSAGES = { tooLong: 'MSG_ErpNameTooLong' } as const;

/** As long as the ERP's own name may be: a store's NAME in its feed, a payment method's Nombre, a mode's text. */
export const ERP_NAME_MAX = { store: 200, deliveryMode: 60, paymentMethod: 60 } as const;

/** The names by language as stored and answered: a language left out reads the ERP's name. */
export type ErpNames = Partial<Record<LanguageKey, string>>;

/** The names as answered (each language optional). */
export const erpNamesRead = z.object({
  es: z.string().optional(),
  en: z.string().optional(),
  fr: z.string().optional(),
  pt: z.string().optional(),
});

/**
 * The names as an admin sends them: each language optional, trimmed, at most `max` characters; an empty one is
 * dropped (that language reads the ERP's name again). Another key is stripped.
 */
export function erpNamesInput(max: number) {
  const one = z.string().trim().max(max, { message: ERP_NAMES_MESSAGES.tooLong }).optional();
  return z.object({ es: one, en: one, fr: one, pt: one }).transform((v): ErpNames => {
    const kept: ErpNames = {};
    for (const lang of LANGUAGE_KEYS) {
      const text = v[lang];
      if (text) kept[lang] = text;
    }
    return kept;
  });
}

/** The name a reader of `lang` sees: the admins' in that language, else the ERP's. */
export function erpNameIn(erpName: string, names: ErpNames | null | undefined, lang: LanguageKey): string {
  return names?.[lang] || erpName;
}
