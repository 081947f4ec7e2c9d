import { productListQuery } from '@portal/contract/catalog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { articlePageSql, catalogRepository, countSql } from './catalog.repository.ts';
import { type WordStream, wordContainer, wordStreams } from './catalog-search.ts';

/** Reference and code searches must be answered from an index, never by reading every article. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`analyze`);
});
afterAll(() => t.close());

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

async function plan(query: Record<string, string>, which: 'count' | 'page', streams: WordStream[] = []) {
  const q = productListQuery.parse(query);
  const statement = which === 'count' ? countSql(q) : articlePageSql(q, 'C00001', true, streams);
  const [row] = await testRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
    t.database.db,
    sql`explain (format json) ${statement}`,
  );
  const raw = row!['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw;
  return nodes(parsed[0].Plan);
}

describe('search plans', () => {
  it.each([
    ['reference', { searchbyreference: 'BOS.183-78' }, 'article_ref_grams_pkey'],
    ['OEM code', { manufacturerrefOEM: 'F89816632I' }, 'article_oem_norm'],
    ['EUROCODE', { manufacturerrefEUROCODE: '1315LC' }, 'articles_eurocode_vehicle'],
    ['short EUROCODE', { manufacturerrefEUROCODE: '13' }, 'articles_eurocode'],
  ])('a %s search uses an index, with no sequential scan of the articles', async (_name, query, index) => {
    for (const which of ['count', 'page'] as const) {
      const all = await plan(query, which);
      const summary = `${which}: ${all.map((n) => `${n['Node Type']}(${n['Relation Name'] ?? n['Index Name'] ?? ''})`).join(' > ')}`;
      expect(
        all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'articles'),
        summary,
      ).toBe(false);
      expect(
        all.some((n) => n['Index Name'] === index),
        summary,
      ).toBe(true);
    }
  });

  it('free text whose words each one catalogue word holds reads word postings, not the articles', async () => {
    const q = productListQuery.parse({ filter: 'filtro bosch' });
    const streams = wordStreams(q, wordContainer(await catalogRepository(t.database.db).searchWords()));
    expect(streams.map((s) => s.token)).toEqual(['filtro', 'bosch']);
    const all = await plan({ filter: 'filtro bosch' }, 'page', streams);
    const summary = all.map((n) => `${n['Node Type']}(${n['Relation Name'] ?? n['Index Name'] ?? ''})`).join(' > ');
    expect(all.filter((n) => n['Index Name'] === 'article_words_pkey').length, summary).toBeGreaterThanOrEqual(2);
    expect(
      all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'articles'),
      summary,
    ).toBe(false);
  });
});
