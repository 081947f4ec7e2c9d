import type { LanguageKey } from '@portal/contract/constants';
import type { Locale } from 'antd/es/locale';
import esES from 'antd/es/locale/es_ES';
import { useMemo } from 'react';
import { addLocaleLoader, currentLanguage, isLanguageKey } from '@/lib/i18n';
import { useLanguage } from '@/lib/language';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSite } from '@/lib/web-context';
// Ant Design's styles of the components the portal uses, in the layer `antd` (vite-plugins/antd-styles.ts).
import 'virtual:antd-styles.css';

/** Ant Design's locales: Spanish bundled with the themed part of the app, the others split off. */
const antdLocales: Partial<Record<LanguageKey, Locale>> = { es: esES };
const antdLoaders: Record<LanguageKey, () => Promise<{ default: Locale }>> = {
  es: async () => ({ default: esES }),
  en: () => import('antd/es/locale/en_US'),
  fr: () => import('antd/es/locale/fr_FR'),
  pt: () => import('antd/es/locale/pt_PT'),
};

/**
 * Ant Design's Portuguese names the pager's page-size list in Romanian ("mărimea paginii", what a screen reader says of
 * it): said in Portuguese here (decision 0092).
 */
function mended(lang: LanguageKey, locale: Locale): Locale {
  if (lang !== 'pt' || !locale.Pagination) return locale;
  return { ...locale, Pagination: { ...locale.Pagination, page_size: 'Tamanho da página' } };
}

export async function loadAntdLocale(lang: LanguageKey): Promise<void> {
  antdLocales[lang] ??= mended(lang, (await antdLoaders[lang]()).default);
}

export function antdLocaleFor(lang: string): Locale {
  return (isLanguageKey(lang) ? antdLocales[lang] : undefined) ?? esES;
}

// Once Ant Design is in use, a language switch also loads its locale; the one in use is loaded before the
// importing module is ready, so nothing is drawn with another language's component texts.
addLocaleLoader(loadAntdLocale);
await loadAntdLocale(currentLanguage()).catch(() => undefined);

/**
 * The brand's Ant Design theme and the reader's locale (the themed screens and the popup host share them). A reader
 * whose system asks for reduced motion gets no animations (WCAG 2.3.3): menus, dialogs and messages appear at once.
 */
export function useAntdConfig() {
  const { brand } = useSite();
  const lang = useLanguage();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { primary, header, ribbon } = brand.colors;
  const theme = useMemo(
    () => ({
      // Ant Design's component styles come from its static stylesheet (virtual:antd-styles.css), not computed while rendering: half
      // the script time of a signed-in page's load (decision 0094). The tokens below still reach them as CSS variables.
      zeroRuntime: true,
      token: {
        colorPrimary: primary,
        colorLink: primary,
        borderRadius: 6,
        motion: !reducedMotion,
        // Secondary texts (an empty state's description, hints) at 5.9:1 on white; Ant Design's 0.45 black is 3.4:1,
        // under WCAG's 4.5 (Lighthouse on the empty cart).
        colorTextDescription: 'rgba(0, 0, 0, 0.62)',
        colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
        // A danger button's or an error's red at 5.6:1 on white (Ant Design's #ff4d4f is 3.3:1; the zone editor).
        colorError: '#cf1322',
      },
      components: {
        Layout: { headerBg: header, headerPadding: '0 12px', headerHeight: 56, siderBg: '#ffffff' },
        Menu: { itemSelectedBg: ribbon, itemSelectedColor: primary },
        // A select's placeholder is an element's text, which axe measures (4.9:1; Ant Design's 0.25 black is 1.9:1; the
        // sign-up form). A text field's placeholder stays light: it is an example, not a value.
        Select: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)' },
        // A coloured tag's text on its light background at >= 4.5:1 (Ant Design's gold is 2.8:1, green and cyan 3.4:1,
        // lime 2.5:1, the warning and success tags' 1.9 and 2.3): issue 25's "warning tags 2.75:1".
        Tag: {
          gold7: '#874d00',
          orange7: '#ad4e00',
          volcano7: '#ad2102',
          green7: '#237804',
          lime7: '#3f6600',
          cyan7: '#006d75',
          colorSuccess: '#237804',
          colorWarning: '#874d00',
        },
      },
    }),
    [primary, header, ribbon, reducedMotion],
  );
  return { locale: antdLocaleFor(lang), theme };
}
