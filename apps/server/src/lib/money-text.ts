/**
 * Euros as the server's documents write them: the report PDFs in the reader's language, the checkout's receipt and the
 * built-in ERP's credit note in Spanish. The locale's currency format with two decimals ('12.345,60 €' in es-ES), with
 * plain spaces: the PDF fonts have no no-break or narrow spaces. Amounts are computed in cents elsewhere
 * (`@portal/contract/money`); this only writes one.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function moneyText(euros: number, locale = 'es-ES'): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    formats.set(locale, format);
  }
  return format.format(euros).replace(/[\u00a0\u202f]/g, ' ');
}
