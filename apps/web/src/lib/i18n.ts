import { isLanguageKey, type LanguageKey } from '@portal/contract/constants';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import 'dayjs/locale/es';

/**
 * i18next holds one flat dictionary per language, fetched from GET /api/common/langs/{lang}
 * (see language.ts). Keys are flat (WARN_*, MENU_*, UI_*), so key and namespace separators are off.
 */
void i18next.use(initReactI18next).init({
  resources: {},
  lng: 'es',
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
  showSupportNotice: false,
});
dayjs.locale('es');

export const i18n = i18next;
export const LANG_STORAGE_KEY = 'lang';

export { isLanguageKey };

/** The language the user chose earlier in this browser, if any. */
export function storedLanguage(): LanguageKey | null {
  try {
    const value = localStorage.getItem(LANG_STORAGE_KEY);
    return isLanguageKey(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(lang: LanguageKey): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export function currentLanguage(): LanguageKey {
  return isLanguageKey(i18next.language) ? i18next.language : 'es';
}

/** Translates a dictionary key when the dictionary has it; any other text is returned as it is. */
export function translateMessage(text: string | undefined | null): string {
  if (!text) return '';
  return i18next.exists(text) ? i18next.t(text) : text;
}

const dayjsLoaders: Record<LanguageKey, () => Promise<unknown>> = {
  es: async () => undefined,
  en: async () => undefined,
  fr: () => import('dayjs/locale/fr'),
  pt: () => import('dayjs/locale/pt'),
};

/**
 * More locales to load with a language: the component library's, registered by the themed part of the app
 * when its code arrives (app/themed-outlet.tsx), so that /login, which does not use it, does not load it.
 */
const localeLoaders: ((lang: LanguageKey) => Promise<void>)[] = [];

export function addLocaleLoader(load: (lang: LanguageKey) => Promise<void>): void {
  localeLoaders.push(load);
}

/** Loads the dayjs locale of a language and those of the registered loaders (Spanish is bundled). */
export async function loadLocales(lang: LanguageKey): Promise<void> {
  await Promise.all([dayjsLoaders[lang](), ...localeLoaders.map((load) => load(lang))]);
}

/** Switches i18next, dayjs and the document to a language whose dictionary and locales are loaded. */
export async function applyLanguage(lang: LanguageKey, words: Record<string, string>): Promise<void> {
  i18next.addResourceBundle(lang, 'translation', words, true, true);
  dayjs.locale(lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}
