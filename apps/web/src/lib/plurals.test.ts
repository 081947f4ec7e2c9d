import { readFileSync } from 'node:fs';
import { LANGUAGE_KEYS } from '@portal/contract/constants';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/** The web dictionaries the server serves (GET /api/common/langs/{lang}), read as the app reads them. */
const dictionary = (lang: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../server/src/modules/common/dictionaries/${lang}/web.json`, import.meta.url), 'utf8'),
  );

async function translator(lang: string) {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { [lang]: { translation: dictionary(lang) } },
    lng: lang,
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}

describe('web dictionaries', () => {
  it.each(LANGUAGE_KEYS)('%s: counted texts have a singular for 1 and a plural for 2 and 1000', async (lang) => {
    const i18n = await translator(lang);
    for (const key of ['UI_Catalog_ResultCount', 'UI_SalesWeb_Failed', 'UI_Login_Throttled']) {
      const one = i18n.t(key, { count: 1 });
      const two = i18n.t(key, { count: 2 });
      expect(one).toContain('1');
      expect(two).toContain('2');
      expect(one.replace('1', 'N')).not.toBe(two.replace('2', 'N'));
      expect(i18n.t(key, { count: 1000 }).replace('1000', 'N')).toBe(two.replace('2', 'N'));
    }
  });

  it.each(['en', 'fr', 'pt'])('%s: the brand words are not left in Spanish', async (lang) => {
    const i18n = await translator(lang);
    const spanish = await translator('es');
    for (const part of ['tagline', 'footer', 'ribbon']) {
      const key = `UI_Brand_recambia_${part}`;
      expect(i18n.exists(key)).toBe(true);
      expect(i18n.t(key)).not.toBe(spanish.t(key));
    }
  });
});
