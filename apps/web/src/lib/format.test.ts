import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatMoney, formatRate } from './format';
import { i18n } from './i18n';

describe('formats in the language on screen', () => {
  it('writes an amount, a rate and a date as each language does, after a change of language too', async () => {
    // The formatters are kept between calls: a change of language must still take the new language's.
    expect(formatMoney(1234.5)).toBe('1234,50\u00a0€');
    expect(formatRate(5.5)).toBe('5,5');
    await i18n.changeLanguage('en');
    expect(formatMoney(1234.5)).toBe('€1,234.50');
    expect(formatRate(5.5)).toBe('5.5');
    expect(formatLocalDate('2026-03-05')).toBe('05/03/2026');
    await i18n.changeLanguage('pt');
    expect(formatMoney(1234.5)).toBe('1234,50\u00a0€');
    await i18n.changeLanguage('es');
    expect(formatMoney(1234.5)).toBe('1234,50\u00a0€');
    expect(formatMoney(null)).toBe('');
  });

  it('keeps one formatter per currency and per date with or without the hour', () => {
    expect(formatMoney(2, 'USD')).toBe('2,00\u00a0US$');
    expect(formatMoney(2)).toBe('2,00\u00a0€');
    expect(formatLocalDate('2026-03-05T10:07:00')).toBe('05/03/2026');
    expect(formatLocalDate('2026-03-05T10:07:00', true)).toBe('05/03/2026, 10:07');
  });
});
