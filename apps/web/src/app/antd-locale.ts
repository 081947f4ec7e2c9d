import type { LanguageKey } from '@portal/contract/constants';
import type { Locale } from 'antd/es/locale';
import esES from 'antd/es/locale/es_ES';
import { addLocaleLoader, currentLanguage, isLanguageKey } from '@/lib/i18n';

/** Ant Design's locales: Spanish bundled with the themed part of the app, the others split off. */
const antdLocales: Partial<Record<LanguageKey, Locale>> = { es: esES };
const antdLoaders: Record<LanguageKey, () => Promise<{ default: Locale }>> = {
  es: async () => ({ default: esES }),
  en: () => import('antd/es/locale/en_US'),
  fr: () => import('antd/es/locale/fr_FR'),
  pt: () => import('antd/es/locale/pt_PT'),
};

export async function loadAntdLocale(lang: LanguageKey): Promise<void> {
  antdLocales[lang] ??= (await antdLoaders[lang]()).default;
}

export function antdLocaleFor(lang: string): Locale {
  return (isLanguageKey(lang) ? antdLocales[lang] : undefined) ?? esES;
}

// Once Ant Design is in use, a language switch also loads its locale; the one in use is loaded before the
// importing module is ready, so nothing is drawn with another language's component texts.
addLocaleLoader(loadAntdLocale);
await loadAntdLocale(currentLanguage()).catch(() => undefined);

/** The brand's Ant Design theme (the themed screens and the popup host share it). */
export function antdThemeFor(colors: { primary: string; header: string; ribbon: string }) {
  return {
    token: { colorPrimary: colors.primary, colorLink: colors.primary, borderRadius: 6 },
    components: {
      Layout: { headerBg: colors.header, headerPadding: '0 12px', headerHeight: 56, siderBg: '#ffffff' },
      Menu: { itemSelectedBg: colors.ribbon, itemSelectedColor: colors.primary },
    },
  };
}
