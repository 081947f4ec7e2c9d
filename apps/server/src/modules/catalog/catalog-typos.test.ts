import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/users.ts';
import { bestCorrection, editDistance, isCorrectable, plainWord } from './catalog-typos.ts';

/** Typo tolerance of the free-text search (issue 27, migration 0044, decision 0068). */
let t: TestApp;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = (await makeUser(t, 'plateBuyer')).token;
});
afterAll(() => t.close());

type Answer = {
  records: { ref_jumasa: string; descripcion: string }[];
  count: number;
  more?: boolean;
  corrected?: { filter: string; words: { typed: string; word: string }[] };
};
const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);
const search = async (filter: string, list = 'getlist', extra: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/product/${list}?${new URLSearchParams({ filter, pageSize: '100', ...extra })}`,
    headers: bearer(buyer),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Answer;
};
const refs = (a: Answer) => a.records.map((r) => r.ref_jumasa);
const insertArticle = (id: number, ref: string, description: string) =>
  t.database.db.execute(sql`with a as (
      insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description, search_text)
      values (${id}, ${ref}, ${ref.replace(/[^A-Z0-9]/gi, '').toUpperCase()}, 'SUP', '01', ${description},
              lower(${`${ref.replace(/[^A-Z0-9]/gi, '')} ${description}`}))
      returning id)
    insert into article_prices (article_id, pv1d) select id, 10 from a`);
const vocabulary = (...words: string[]) =>
  rows<{ word: string; articles: number }>(
    sql`select word, articles from catalog_vocabulary where word in ${sql`(${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )})`} order by word`,
  );

describe('a free-text word in no article is corrected against the catalogue words', () => {
  it('"pastilas" searches "pastillas": the same articles, and the answer says what it searched', async () => {
    const exact = await search('pastillas');
    expect(exact.count).toBeGreaterThan(0);
    expect(exact.corrected).toBeUndefined();
    const typo = await search('pastilas');
    expect(typo.corrected).toEqual({ filter: 'pastillas', words: [{ typed: 'pastilas', word: 'pastillas' }] });
    expect(refs(typo)).toEqual(refs(exact));
    expect(typo.count).toBe(exact.count);
    for (const r of typo.records) expect(r.descripcion.toLowerCase()).toContain('pastillas');
  });

  it('"amortiguadr" searches "amortiguador"; only the misspelt word of several changes', async () => {
    const typo = await search('amortiguadr');
    expect(typo.corrected?.filter).toBe('amortiguador');
    expect(typo.count).toBe((await search('amortiguador')).count);

    const mixed = await search('Pastilas bosch');
    expect(mixed.corrected).toEqual({ filter: 'pastillas bosch', words: [{ typed: 'pastilas', word: 'pastillas' }] });
    const asMeant = await search('pastillas bosch');
    expect(asMeant.count).toBeGreaterThan(0);
    expect(refs(mixed)).toEqual(refs(asMeant));
  });

  it('a word typed without its accent finds the accented one', async () => {
    const typo = await search('bujia');
    expect(typo.corrected).toEqual({ filter: 'bujía', words: [{ typed: 'bujia', word: 'bujía' }] });
    expect(typo.count).toBe((await search('bujía')).count);
  });

  it('the vehicle variant (getlist2) is corrected the same way', async () => {
    const typo = await search('amortiguadr', 'getlist2', { pageSize: '8' });
    expect(typo.corrected?.filter).toBe('amortiguador');
    expect(typo.records.length).toBeGreaterThan(0);
  });
});

describe('nothing found stays nothing found', () => {
  it('a word close to no catalogue word finds nothing and names no correction', async () => {
    expect(await search('xqzwvkj')).toEqual({ records: [], count: 0 });
    expect(await search('pastilas xqzwvkj')).toEqual({ records: [], count: 0 });
  });

  it('a correction whose search finds nothing is not given', async () => {
    // "parabrisas" is found as typed and "pastilas" corrected, but no article holds both words.
    expect(await search('pastilas parabrisas')).toEqual({ records: [], count: 0 });
  });

  it('codes and short words are never corrected', async () => {
    expect(isCorrectable('pastilas')).toBe(true);
    expect(isCorrectable('pst')).toBe(false);
    expect(isCorrectable('1k0615')).toBe(false);
    expect(await search('pastilas9')).toEqual({ records: [], count: 0 });
    // A short word that no catalogue word holds: nothing, with the other words found or not.
    expect(await search('qzj bosch')).toEqual({ records: [], count: 0 });
    expect((await search('bosch')).count).toBeGreaterThan(0);
    const code = await search('qzj', 'getlist', { manufacturerrefOEM: 'NOPE' });
    expect(code).toEqual({ records: [], count: 0, message: 'WARN_SearchByOEM_NotFound' });
  });
});

describe('the vocabulary (migration 0044) follows the articles', () => {
  it('counts the articles per word on insert, update and delete, and forgets a word no article holds', async () => {
    await insertArticle(910011, 'VOC-1', 'Zumbador grave');
    await insertArticle(910012, 'VOC-2', 'Zumbador agudo, 12 V');
    expect(await vocabulary('zumbador', 'grave', 'agudo')).toEqual([
      { word: 'agudo', articles: 1 },
      { word: 'grave', articles: 1 },
      { word: 'zumbador', articles: 2 },
    ]);
    expect((await search('zumbadr')).corrected?.filter).toBe('zumbador');

    await t.database.db.execute(sql`update articles set description = 'Timbre agudo' where id = 910012`);
    await t.database.db.execute(sql`update articles set offer = true where id = 910011`);
    expect(await vocabulary('zumbador', 'timbre', 'agudo')).toEqual([
      { word: 'agudo', articles: 1 },
      { word: 'timbre', articles: 1 },
      { word: 'zumbador', articles: 1 },
    ]);
    await t.database.db.execute(sql`delete from articles where id in (910011, 910012)`);
    expect(await vocabulary('zumbador', 'timbre', 'agudo', 'grave')).toEqual([]);
  });

  it('the demo catalogue fills it: every word of three letters or more of the names, counted', async () => {
    const [row] = await rows<{ n: number; pastillas: number }>(
      sql`select count(*)::int as n,
                 (select articles from catalog_vocabulary where word = 'pastillas') as pastillas from catalog_vocabulary`,
    );
    const [held] = await rows<{ n: number }>(
      sql`select count(*)::int as n from articles where lower(description) like '%pastillas%'`,
    );
    expect(row!.pastillas).toBe(held!.n);
    expect(row!.n).toBeGreaterThan(50);
    expect(await vocabulary('de')).toEqual([]);
  });
});

describe('choosing a correction', () => {
  it('counts edits, swaps included, on letters', () => {
    expect(editDistance('pastilas', 'pastillas')).toBe(1);
    expect(editDistance('amortiguadr', 'amortiguador')).toBe(1);
    expect(editDistance('fitlro', 'filtro')).toBe(1);
    expect(editDistance('bujía', 'bujia')).toBe(1);
    expect(plainWord('Bujía')).toBe('bujia');
  });

  it('takes the fewest edits, then the most similar, then the commonest; none beyond the edits allowed', () => {
    const c = (word: string, similarity: number, articles: number) => ({
      typed: 'discp',
      word,
      plain: plainWord(word),
      similarity,
      articles,
    });
    expect(bestCorrection('discp', [c('disco', 0.5, 10), c('discos', 0.4, 99)])).toBe('disco');
    expect(bestCorrection('discp', [c('disca', 0.5, 10), c('disco', 0.5, 20)])).toBe('disco');
    expect(bestCorrection('discp', [c('distribución', 0.3, 500)])).toBeNull();
  });
});

describe('an exact match always comes first: no correction when the words are found as typed', () => {
  it('a catalogue that holds the misspelt word answers it as typed, and nothing else', async () => {
    // Searched before the article exists: the server's copy of the catalogue words is read now, without it.
    expect((await search('pastilas')).corrected?.filter).toBe('pastillas');
    await insertArticle(910001, 'TYP-1', 'Pastilas mal escritas');
    const typed = await search('pastilas');
    expect(typed.corrected).toBeUndefined();
    expect(refs(typed)).toEqual(['TYP-1']);
  });

  it('a fragment of a catalogue word is found as typed, not corrected', async () => {
    const fragment = await search('amortig');
    expect(fragment.corrected).toBeUndefined();
    expect(fragment.count).toBe((await search('amortiguador')).count);
  });

  it('words found as typed are not corrected even when together they find nothing', async () => {
    const none = await search('parabrisas bosch');
    expect(none).toEqual({ records: [], count: 0 });
  });
});
