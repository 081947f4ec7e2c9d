import { useTranslation } from 'react-i18next';
import { useSite } from '@/lib/web-context';

/**
 * The brand's words in the reader's language: tagline, ribbon and footer (dictionary keys
 * UI_Brand_{code}_{tagline|ribbon|footer}); the brand's own text until the dictionary has them.
 */
export function useBrandTexts(): { tagline: string; ribbon: string; footer: string } {
  const { t, i18n } = useTranslation();
  const { brand } = useSite();
  const text = (part: 'tagline' | 'ribbon' | 'footer') => {
    const key = `UI_Brand_${brand.code}_${part}`;
    return i18n.exists(key) ? t(key) : null;
  };
  const footer = text('footer');
  return {
    tagline: text('tagline') ?? brand.tagline,
    ribbon: text('ribbon') ?? brand.ribbon,
    footer: footer === null ? brand.footer : `${brand.company.legalName} · ${footer}`,
  };
}
