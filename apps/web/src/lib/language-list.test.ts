import type { LanguageKey } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import { languageList } from './language-list';

type Item = { idioma_cod: LanguageKey; nombre: string };

function editor(items: Item[], active: LanguageKey) {
  const seen = { items, active, warning: null as string | null };
  const list = () =>
    languageList<Item>({
      items: seen.items,
      active: seen.active,
      onActive: (lang) => {
        seen.active = lang;
      },
      onChange: (next) => {
        seen.items = next;
      },
      onWarning: (key) => {
        seen.warning = key;
      },
      empty: (lang) => ({ idioma_cod: lang, nombre: '' }),
      messages: { alreadyAdded: 'DUP', lastOne: 'LAST' },
    });
  return { seen, list };
}

describe('the texts of a record in several languages', () => {
  it('adds a language once, shows it, and refuses it twice with its message', () => {
    const { seen, list } = editor([{ idioma_cod: 'es', nombre: 'Faro' }], 'es');
    list().add('pt');
    expect(seen.items.map((x) => x.idioma_cod)).toEqual(['es', 'pt']);
    expect(seen.active).toBe('pt');
    expect(seen.warning).toBeNull();
    list().add('es');
    expect(seen.items).toHaveLength(2);
    expect(seen.warning).toBe('DUP');
  });

  it('keeps the last language, and removing the shown one shows the first left', () => {
    const { seen, list } = editor(
      [
        { idioma_cod: 'es', nombre: 'Faro' },
        { idioma_cod: 'fr', nombre: 'Phare' },
      ],
      'fr',
    );
    list().update(0, { nombre: 'Faro LED' });
    expect(seen.items[0]!.nombre).toBe('Faro LED');
    list().remove('fr');
    expect(seen.items.map((x) => x.idioma_cod)).toEqual(['es']);
    expect(seen.active).toBe('es');
    list().remove('es');
    expect(seen.items).toHaveLength(1);
    expect(seen.warning).toBe('LAST');
  });
});
