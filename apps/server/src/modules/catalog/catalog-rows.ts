/**
 * The rows the catalogue's repository reads, as the schemas that parse them where they are read (decision 0093).
 * The pages are the hottest reads of the portal: their schemas are plain checks, no transform (a transform
 * allocates per value, and its garbage pauses the parse of many rows now and then, decision 0093's figures); the
 * prices stay numeric text (`::text` in SQL), read as numbers by the service for the rows it answers.
 */
import { erpNamesRead } from '@portal/contract/erp-names';
import { z } from 'zod';
import { int } from '../../db/rows.ts';

/** An article as a page lists it; `pv1d` (the list price) is numeric text; the vehicle's columns only per vehicle. */
export const articleRow = z.object({
  id: int,
  ref_jumasa: z.string(),
  supplier: z.string(),
  family_code: z.string(),
  description: z.string(),
  pv1d: z.string(),
  novelty: z.boolean(),
  offer: z.boolean(),
  eurocode: z.string().nullable(),
  image_count: int,
  stock_tracked: z.boolean(),
  model_id: int.nullable(),
  model_name: z.string().nullable(),
  make_name: z.string().nullable(),
});
export type ArticleRow = z.output<typeof articleRow>;

/**
 * The json arrays of a page's rows, checked in place rather than parsed into copies: `z.array(z.tuple(…))` of the
 * stock pairs made a signed-in page of 50 rows cost 40 µs to parse, two thirds of it these arrays (decision 0093,
 * Session 20). The checks are the same (each element's type); nothing is copied.
 */
const isStockPairs = (v: unknown) =>
  Array.isArray(v) &&
  v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && Number.isInteger(p[1]));
const isTexts = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
/** `[store, units]` pairs (json_build_array of a store's id and its units). */
const stockPairs = z.custom<[string, number][]>(isStockPairs, 'Expected [store, units] pairs');
/** An array of texts (json_agg of text). */
const texts = z.custom<string[]>(isTexts, 'Expected an array of texts');

/**
 * An article with its OEM codes and, for a client, its net price (numeric text) and its stock per store
 * (`[store, units]` pairs, json); both null without a client.
 */
export const enrichedRow = articleRow.extend({
  oem: texts,
  net: z.string().nullable(),
  stock: stockPairs.nullable(),
});
export type EnrichedRow = z.output<typeof enrichedRow>;

/**
 * A row of a search's page statement: how many match (`total`, on every row; null when not counted) and whether
 * the word streams held (null without streams). A stock or price page's `price` column is not read.
 */
export const pageRow = enrichedRow.extend({ total: int.nullable(), streams_held: z.boolean().nullable() });

/** A store's stock of an article. */
export const stockRow = z.object({ article_id: int, store_id: z.string(), quantity: int });

/** A typed word's check (`found`: a catalogue word contains it) and, if not found, one close word (or nulls). */
export const candidateRow = z.object({
  typed: z.string(),
  found: z.boolean(),
  word: z.string().nullable(),
  plain: z.string().nullable(),
  articles: int.nullable(),
  similarity: z.number().nullable(),
});

/** A store offered (an active one), with the admins' names by language (decision 0091). */
export const storeRow = z.object({ id: z.string(), name: z.string(), names: erpNamesRead, city: z.string() });

/** A vehicle an article fits: make, model, and the engine when the fitment names one; years of either. */
export const fitmentRow = z.object({
  marca_id: int,
  marca: z.string(),
  modelo_id: int,
  modelo: z.string(),
  motor_id: int.nullable(),
  motor: z.string().nullable(),
  year_from: int.nullable(),
  year_to: int.nullable(),
});

/** An option of the vehicle pickers (make, model, engine). */
export const optionRow = z.object({ id: int, label: z.string() });

/** The vehicle a plate is registered as. */
export const plateRow = z.object({
  make_id: int,
  make: z.string(),
  model_id: int,
  model: z.string(),
  engine_id: int.nullable(),
  engine: z.string().nullable(),
});
