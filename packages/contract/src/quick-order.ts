import { z } from 'zod';
import { normalizeReference } from './catalog.ts';
import { ROLES } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { correctQuantity, QUANTITY, type QuantityCorrection } from './quantity.ts';
import { documentId } from './sales.ts';

/**
 * Quick order and reorder (issue 26, docs/decisions/0069): a list of parts pasted, uploaded or typed on the order
 * pad, resolved in one call to the articles with the caller's price and stock per store, then added to the cart;
 * and a document's lines checked again (price, still sold, stock) before they go to the cart.
 */
export const QUICK_ORDER = {
  /** Lines resolved or added in one call; more is refused (WARN_QuickOrderTooManyLines), nothing resolved. */
  maxLines: 500,
  /** The pasted text, in characters (500 long lines fit with room). */
  maxTextChars: 100_000,
  /** An uploaded CSV or XLSX file. */
  maxFileBytes: 2 * 1024 * 1024,
  /** Candidates answered for an ambiguous code. */
  maxCandidates: 10,
  /** An identifier longer than this is no code (the line is answered `invalid`). */
  identifierMaxLength: 40,
} as const;

/** The refusal keys (each in the quick-order dictionary). */
export const QUICK_ORDER_KEYS = {
  tooMany: 'WARN_QuickOrderTooManyLines',
  empty: 'WARN_QuickOrderEmpty',
  tooLong: 'WARN_QuickOrderTooLong',
  both: 'WARN_QuickOrderTextOrRows',
  fileType: 'WARN_QuickOrderFileType',
  fileTooLarge: 'WARN_QuickOrderFileTooLarge',
  articleGone: 'WARN_QuickOrderArticleGone',
} as const;

/** One line of a list as typed: its line number in the text (1-based), the code, the quantity and store as typed. */
export type QuickOrderRow = { row: number; identifier: string; quantity: string; store: string };

const NUMBER = /^\d+([.,]\d+)?$/;
/** A store as typed after a quantity on a line split at spaces: letters then digits ("MAD01"). */
const STORE = /^[A-Za-z]{2,}\d{1,4}$/;
const unquote = (field: string) =>
  field
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * One line of text into code, quantity and store. A line holding a tab is split at tabs, else at semicolons,
 * else at commas (as spreadsheets and CSV files give them): code, quantity, store. Otherwise it is split at
 * spaces, and a code may hold spaces ("3E2 478 706 U 2"): the quantity is the last word when it is a number, or
 * the word before a last word that is a store ("AGC.643-8994 2 MAD01": letters then digits); else the whole line
 * is the code ("1K0 145 803 AB", quantity 1). A code of digits alone with spaces needs a quantity after it.
 */
export function splitQuickOrderLine(line: string): Omit<QuickOrderRow, 'row'> {
  const separator = ['\t', ';', ','].find((s) => line.includes(s));
  if (separator) {
    const [identifier = '', quantity = '', store = ''] = line.split(separator).map(unquote);
    return { identifier, quantity, store };
  }
  const tokens = line.trim().split(/\s+/);
  const n = tokens.length;
  if (n >= 2 && NUMBER.test(tokens[n - 1]!))
    return { identifier: tokens.slice(0, -1).join(' '), quantity: tokens[n - 1]!, store: '' };
  if (n >= 3 && NUMBER.test(tokens[n - 2]!) && STORE.test(tokens[n - 1]!))
    return { identifier: tokens.slice(0, -2).join(' '), quantity: tokens[n - 2]!, store: tokens[n - 1]! };
  return { identifier: tokens.join(' '), quantity: '', store: '' };
}

/**
 * A pasted list into its lines (the one parsing rule: the web's live preview and the server's resolution both run
 * it). Empty lines and lines starting with `#` are skipped, and so is a first line without a digit (a header such
 * as "Referencia;Cantidad;Almacén").
 */
export function parseQuickOrderText(text: string): { rows: QuickOrderRow[]; header: boolean } {
  const rows: QuickOrderRow[] = [];
  let header = false;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (rows.length === 0 && !header && !/\d/.test(line)) {
      header = true;
      continue;
    }
    rows.push({ row: i + 1, ...splitQuickOrderLine(line) });
  }
  return { rows, header };
}

/** Why a line's quantity is not what was typed: the cart's corrections, or none typed (1 is taken). */
export const QUICK_ORDER_CORRECTIONS = ['notNumber', 'min', 'max', 'whole', 'missing'] as const;
export type QuickOrderCorrection = (typeof QUICK_ORDER_CORRECTIONS)[number];

/** The quantity of a line by the cart's rules (contract correctQuantity): nothing typed is 1, and says so. */
export function quickOrderQuantity(typed: string): { value: number; correction: QuickOrderCorrection | null } {
  if (typed.trim() === '') return { value: 1, correction: 'missing' };
  const { value, correction } = correctQuantity(typed, 1);
  return { value, correction: correction satisfies QuantityCorrection | null };
}

/** The code a line is looked up by (the catalogue's normalisation); null when it is no code. */
export function quickOrderKey(identifier: string): string | null {
  const key = normalizeReference(identifier);
  return key.length === 0 || key.length > QUICK_ORDER.identifierMaxLength ? null : key;
}

/** A store's stock of an article as the rule reads it: units there (null when the ERP gives no figure). */
export type StoreUnits = { id: string; units: number | null };

/**
 * The store a resolved line goes to the cart with (issue 26): the store typed, when the article may be served
 * there (it holds stock, it is the home store, or the article's stock is not tracked); else the home store when it
 * holds stock; else the first store (in the stores' order) that holds stock; else the home store (a transfer or a
 * back-order, which the cart line then says); else none. `typedNote` says why a typed store was not taken.
 */
export function quickOrderStore(
  stock: StoreUnits[],
  home: string | null,
  typed: string | null,
): { store: string | null; typedNote: 'unknown' | 'noStock' | null } {
  const tracked = !stock.some((s) => s.units === null);
  const has = (s: StoreUnits | undefined) => s !== undefined && (s.units === null || s.units > 0);
  let typedNote: 'unknown' | 'noStock' | null = null;
  if (typed) {
    const wanted = stock.find((s) => s.id.toUpperCase() === typed.trim().toUpperCase());
    if (!wanted) typedNote = 'unknown';
    else if (!tracked || has(wanted) || wanted.id === home) return { store: wanted.id, typedNote: null };
    else typedNote = 'noStock';
  }
  const homeStock = stock.find((s) => s.id === home);
  if (has(homeStock)) return { store: homeStock!.id, typedNote };
  const first = stock.find(has);
  if (first) return { store: first.id, typedNote };
  return { store: homeStock?.id ?? null, typedNote };
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const quantity = z.coerce
  .number()
  .int('WARN_QuantityWhole')
  .min(QUANTITY.min, 'WARN_QuantityMin')
  .max(QUANTITY.max, 'WARN_QuantityMax');
const storeId = z.string().trim().min(1).max(20);

/** A line as the screen sends it back after the customer fixed it in place. */
export const quickOrderRowInput = z.object({
  row: z.number().int().min(1).max(1_000_000),
  identifier: z.string().max(200),
  quantity: z.string().max(20).default(''),
  store: z.string().max(20).default(''),
});

/** POST /api/quickorder/resolve: either the pasted text (parsed on the server) or the lines as fixed on screen. */
export const quickOrderResolveRequest = z
  .object({
    text: z.string().max(QUICK_ORDER.maxTextChars, QUICK_ORDER_KEYS.tooLong).optional(),
    rows: z.array(quickOrderRowInput).max(QUICK_ORDER.maxLines, QUICK_ORDER_KEYS.tooMany).optional(),
  })
  .refine((b) => (b.text === undefined) !== (b.rows === undefined), QUICK_ORDER_KEYS.both);

export const quickOrderStoreStock = z.object({
  id_almacen: z.string(),
  nombre: z.string(),
  /** Spec part 1 §4: 2 here, 1 only elsewhere, 0 nowhere, 3 no figure. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  wsstock: z.number().int().nullable(),
});
export type QuickOrderStoreStock = z.infer<typeof quickOrderStoreStock>;

export const QUICK_ORDER_MATCHES = ['reference', 'oem', 'eurocode'] as const;
export type QuickOrderMatch = (typeof QUICK_ORDER_MATCHES)[number];

/** An article a line may be: with the caller's price today and its stock in every store. */
export const quickOrderCandidate = z.object({
  id_articulo: z.number().int(),
  ref_jumasa: z.string(),
  descripcion: z.string(),
  familia_id: z.string(),
  stw_Proveedor: z.string(),
  eurocode: z.string().nullable(),
  /** What the code matched: our reference, an OEM code, the EUROCODE. */
  matchedBy: z.enum(QUICK_ORDER_MATCHES),
  pv1d: z.number(),
  preciocliente: z.number(),
  stock: z.array(quickOrderStoreStock),
  /** The store the line goes to the cart with (quickOrderStore), null when there is none. */
  store: z.string().nullable(),
  /** Why the typed store was not taken. */
  storeNote: z.enum(['unknown', 'noStock']).nullable(),
});
export type QuickOrderCandidate = z.infer<typeof quickOrderCandidate>;

export const QUICK_ORDER_STATUSES = ['found', 'ambiguous', 'notFound', 'invalid'] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];

export const quickOrderLine = z.object({
  row: z.number().int(),
  /** As typed. */
  identifier: z.string(),
  quantityTyped: z.string(),
  storeTyped: z.string(),
  quantity: z.number().int(),
  correction: z.enum(QUICK_ORDER_CORRECTIONS).nullable(),
  /** `found` one article; `ambiguous` several (the customer picks); `notFound`; `invalid` no code. */
  status: z.enum(QUICK_ORDER_STATUSES),
  candidates: z.array(quickOrderCandidate),
});
export type QuickOrderLine = z.infer<typeof quickOrderLine>;

export const quickOrderStoreRef = z.object({ id: z.string(), name: z.string() });

export const quickOrderResolveResponse = z.object({
  lines: z.array(quickOrderLine),
  /** The first line of the text was a header and was skipped. */
  header: z.boolean(),
  homeStore: z.string().nullable(),
  stores: z.array(quickOrderStoreRef),
});
export type QuickOrderResolveResponse = z.infer<typeof quickOrderResolveResponse>;

/** POST /api/quickorder/addtocart: the resolved lines, each with its article and quantity; the store is checked again. */
export const quickOrderAddRequest = z.object({
  lines: z
    .array(
      z.object({
        id_articulo: z.number().int().positive().max(2_147_483_647),
        quantity,
        store: z.preprocess(emptyToUndefined, storeId.optional()),
      }),
    )
    .min(1, QUICK_ORDER_KEYS.empty)
    .max(QUICK_ORDER.maxLines, QUICK_ORDER_KEYS.tooMany),
});
export type QuickOrderAddRequest = z.input<typeof quickOrderAddRequest>;
export const quickOrderAddResponse = z.object({
  /** Lines in the cart now. */
  count: z.number().int(),
  /** Lines added or added to. */
  added: z.number().int(),
  lines: z.array(
    z.object({
      id_articulo: z.number().int(),
      quantity: z.number().int(),
      store: z.string().nullable(),
      storeNote: z.enum(['unknown', 'noStock']).nullable(),
    }),
  ),
});

/** POST /api/quickorder/readfile: a CSV or XLSX file's first sheet as text (cells joined by tabs). */
export const quickOrderFileResponse = z.object({ text: z.string(), rows: z.number().int() });
export const quickOrderFileParts = z.object({ file: z.file().describe('The CSV or XLSX file (one part)') });

/** Reorder: the documents a customer may order again. */
export const REORDER_KINDS = ['order', 'weborder', 'invoice', 'packingslip'] as const;
export type ReorderKind = (typeof REORDER_KINDS)[number];
export const reorderParams = z.object({ kind: z.enum(REORDER_KINDS), id: documentId });

/** What changed since the document: its price, the article is sold no more, its store has no stock for it. */
export const REORDER_CHANGES = ['price', 'notSold', 'noStock'] as const;
export type ReorderChange = (typeof REORDER_CHANGES)[number];

export const reorderLine = z.object({
  lineNo: z.number().int(),
  itemId: z.string(),
  name: z.string(),
  documentQuantity: z.number(),
  quantity: z.number().int(),
  correction: z.enum(QUICK_ORDER_CORRECTIONS).nullable(),
  /** The unit net price on the document (null: a packing slip, which has none). */
  documentPrice: z.number().nullable(),
  /** The store the document was served from (null: an invoice, which names none). */
  documentStore: z.string().nullable(),
  /** The article today (null: sold no more). */
  article: quickOrderCandidate.nullable(),
  changes: z.array(z.enum(REORDER_CHANGES)),
});
export type ReorderLine = z.infer<typeof reorderLine>;
export const reorderResponse = z.object({
  kind: z.enum(REORDER_KINDS),
  id: z.string(),
  lines: z.array(reorderLine),
  homeStore: z.string().nullable(),
  stores: z.array(quickOrderStoreRef),
});
export type ReorderResponse = z.infer<typeof reorderResponse>;

const buyer = { role: ROLES.buy } as const;
const tags = ['quick order'] as const;

export const quickOrderCalls = {
  resolve: endpoint({
    method: 'POST',
    path: '/api/quickorder/resolve',
    access: buyer,
    summary: 'Resolve a list of parts (reference, OEM code or EUROCODE, quantity, store) in one pass',
    description:
      'Either `text` (pasted lines: code, quantity and store separated by tabs, semicolons, commas or spaces; parsed by ' +
      'parseQuickOrderText) or `rows` (the lines as fixed on screen). At most 500 lines (400 WARN_QuickOrderTooManyLines). ' +
      'Each line answers its article(s) with the caller’s net price, stock per store and the store it would go to.',
    tags,
    body: quickOrderResolveRequest,
    response: quickOrderResolveResponse,
    refusals: { 400: errorBody },
  }),
  readFile: endpoint({
    method: 'POST',
    path: '/api/quickorder/readfile',
    access: buyer,
    summary: 'Read an uploaded CSV or XLSX list as text (its first sheet, cells joined by tabs)',
    tags,
    consumes: ['multipart/form-data'],
    multipart: quickOrderFileParts,
    response: quickOrderFileResponse,
    refusals: { 400: errorBody, 413: errorBody, 415: errorBody },
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/quickorder/addtocart',
    access: buyer,
    summary: 'Add resolved lines to the caller’s cart in one transaction (all or nothing)',
    description:
      'Each line goes to its store when the article may be served there, else by the quick order’s store rule ' +
      '(quickOrderStore). An article that no longer exists refuses the whole call (400 WARN_QuickOrderArticleGone).',
    tags,
    body: quickOrderAddRequest,
    response: quickOrderAddResponse,
    refusals: { 400: errorBody },
  }),
  reorder: endpoint({
    method: 'GET',
    path: '/api/quickorder/reorder/:kind/:id',
    access: buyer,
    summary: 'A document’s lines checked again: today’s price, still sold, stock in its store',
    description: 'Order, web order, invoice or packing slip of the caller’s client (another client’s answers 404).',
    tags,
    params: reorderParams,
    response: reorderResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
};
