import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Free text through word postings (migration 0010): what the triggers keep, and what a search answers. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => testRows<T>(t.database.db, query);
const postings = (articleId: number) =>
  rows<{ word: string; ref_jumasa: string }>(
    sql`select word, ref_jumasa from article_words where article_id = ${articleId} order by word`,
  );
const insertArticle = (id: number, ref: string, description: string, extra = '') =>
  t.database.db.execute(sql`with a as (
      insert into articles (id, ref_jumasa, ref_norm, supplier, family_code, description, search_text)
      values (${id}, ${ref}, ${ref.replace(/[^A-Z0-9]/gi, '').toUpperCase()}, 'SUP', '01', ${description},
              lower(${`${ref.replace(/[^A-Z0-9]/gi, '')} ${description} ${extra}`}))
      returning id)
    insert into article_prices (article_id, pv1d) select id, 10 from a`);
const search = async (filter: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/product/getlist?${new URLSearchParams({ filter })}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { records: { ref_jumasa: string }[]; count: number };
  return { refs: body.records.map((r) => r.ref_jumasa), count: body.count };
};

describe('word postings', () => {
  it('follow the articles: words of two characters or more, without digits; every word in search_words', async () => {
    await insertArticle(900001, 'QZW-1', 'Zumbador quwertox-9 x', 'ab12cd');
    expect(await postings(900001)).toEqual([
      { word: 'ab', ref_jumasa: 'QZW-1' },
      { word: 'cd', ref_jumasa: 'QZW-1' },
      { word: 'quwertox-', ref_jumasa: 'QZW-1' },
      { word: 'qzw', ref_jumasa: 'QZW-1' },
      { word: 'zumbador', ref_jumasa: 'QZW-1' },
    ]);
    const vocabulary = await rows<{ word: string }>(
      sql`select word from search_words where word in ('x', 'ab', 'zumbador', 'quwertox-') order by word`,
    );
    expect(vocabulary.map((v) => v.word)).toEqual(['ab', 'quwertox-', 'x', 'zumbador']);

    await t.database.db.execute(
      sql`update articles set ref_jumasa = 'QZW-2', search_text = 'qzw2 timbre' where id = 900001`,
    );
    expect(await postings(900001)).toEqual([
      { word: 'qzw', ref_jumasa: 'QZW-2' },
      { word: 'timbre', ref_jumasa: 'QZW-2' },
    ]);
    await t.database.db.execute(sql`update articles set novelty = true where id = 900001`);
    expect(await postings(900001)).toHaveLength(2);
    await t.database.db.execute(sql`delete from articles where id = 900001`);
    expect(await postings(900001)).toEqual([]);
  });

  it('a search finds every article holding the word, even when the catalogue gained a word that holds it', async () => {
    await insertArticle(900011, 'WRD-1', 'Soporte vqxplor delantero');
    await insertArticle(900012, 'WRD-2', 'Soporte vqxplor trasero');
    // The first search reads the catalogue's words: only "vqxplor" holds "vqxpl", so it goes through postings.
    expect(await search('vqxpl soporte')).toEqual({ refs: ['WRD-1', 'WRD-2'], count: 2 });
    // A new word also holds it now; the search's own check sees that and takes the trigram way.
    await insertArticle(900013, 'WRD-3', 'Soporte vqxplorado');
    expect(await search('vqxpl soporte')).toEqual({ refs: ['WRD-1', 'WRD-2', 'WRD-3'], count: 3 });
    expect(await search('vqxplorado')).toEqual({ refs: ['WRD-3'], count: 1 });
    await t.database.db.execute(sql`update articles set search_text = 'wrd2 soporte' where id = 900012`);
    expect(await search('vqxpl soporte')).toEqual({ refs: ['WRD-1', 'WRD-3'], count: 2 });
    expect(await search('trasero vqxplor')).toEqual({ refs: [], count: 0 });
  });

  it('one statement that changes many articles keeps every posting, and only the changed ones move', async () => {
    for (let i = 0; i < 40; i++)
      await insertArticle(900100 + i, `MNY-${i}`, `Manguito gruesox ${i % 2 ? 'par' : 'impar'}`);
    // Half of them get a new word, all of them a flag: one update statement each (migration 0029).
    await t.database.db.execute(sql`update articles set offer = not offer,
        search_text = case when id % 2 = 0 then replace(search_text, 'gruesox', 'finox') else search_text end
        where id between 900100 and 900139`);
    const words = await rows<{ article_id: number; words: string }>(
      sql`select article_id, string_agg(word, ' ' order by word) as words from article_words
           where article_id between 900100 and 900139 group by article_id order by article_id`,
    );
    expect(words).toHaveLength(40);
    for (const { article_id, words: w } of words) {
      expect(w, String(article_id)).toBe(
        article_id % 2 === 0 ? 'finox impar manguito mny' : 'gruesox manguito mny par',
      );
    }
    expect(await rows(sql`select word from search_words where word = 'finox'`)).toEqual([{ word: 'finox' }]);
  });

  it('a truncated catalogue leaves no postings behind', async () => {
    await insertArticle(900021, 'TRN-1', 'Pieza truncable');
    expect((await postings(900021)).length).toBeGreaterThan(0);
    await t.database.db.execute(sql`truncate articles cascade`);
    expect(await rows(sql`select 1 from article_words limit 1`)).toEqual([]);
  });
});
