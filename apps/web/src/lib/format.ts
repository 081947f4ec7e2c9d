import dayjs from 'dayjs';
import { currentLanguage } from './i18n';

const LOCALE_TAG = { es: 'es-ES', en: 'en-GB', fr: 'fr-FR', pt: 'pt-PT' } as const;

/** A date in the current language (Spanish by default), e.g. 05/03/2026. */
export function formatDate(value: string | number | Date | null | undefined, pattern = 'DD/MM/YYYY'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  return formatDate(value, 'DD/MM/YYYY HH:mm');
}

/** An amount in euros with two decimals (spec part 1 §9: cart totals to 2 decimals). */
export function formatMoney(value: number | null | undefined, currency = 'EUR'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(LOCALE_TAG[currentLanguage()], {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** A VAT rate in percent as people write it in the page's language: 21, 5,5. */
export function formatRate(percent: number): string {
  return new Intl.NumberFormat(LOCALE_TAG[currentLanguage()], { maximumFractionDigits: 2 }).format(percent);
}
