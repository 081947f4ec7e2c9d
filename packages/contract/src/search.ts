import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { displayDocumentId } from './sales.ts';

/**
 * One search over every document (issue 26; docs/decisions/0081): the header's box finds, as the customer types, their
 * orders, web orders, invoices, packing slips and refunds by number (with or without the 41 prefix), customer
 * reference and job reference, grouped by kind. Customers search their own client's documents; staff every client's.
 */
export const DOCUMENT_SEARCH = {
  /** Shorter queries answer 400 WARN_SearchTooShort (the box waits for them). */
  minLength: 2,
  maxLength: 40,
  /** At most this many documents of each kind. */
  perKind: 5,
  /** The box asks once the typing pauses this long (ms). */
  debounceMs: 250,
} as const;

/** The kinds in the order the answer and the box show them. */
export const SEARCH_KINDS = ['order', 'weborder', 'invoice', 'packingslip', 'refund'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** What a document was found by: its number, the customer's reference, a job reference of its lines. */
export const SEARCH_MATCHES = ['number', 'customerRef', 'jobRef'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

const MAX_ID = 2 ** 53 - 1;

/**
 * What a query stands for (the one rule of the box and the server): `prefixes` of document numbers in capitals (the
 * query, and with the 41 put in front when it starts as a number shown without it, `PV000` → `41PV000`, or taken off
 * when typed with it, `41PV000` → `PV000`); `ids` the whole numbers a query of digits names (web orders and refunds
 * are numbered: `41123` names 41123 and 123); `text` the query in capitals for references.
 */
export function searchTerms(q: string): { text: string; prefixes: string[]; ids: number[] } {
  const text = q.trim().toUpperCase();
  const prefixes = [text];
  if (/^[A-Z]{2}\d*$/.test(text)) prefixes.push(`41${text}`);
  else if (/^41[A-Z]{2}\d*$/.test(text)) prefixes.push(text.slice(2));
  const ids: number[] = [];
  if (/^\d{1,16}$/.test(text)) {
    for (const digits of text.startsWith('41') && text.length > 2 ? [text, text.slice(2)] : [text]) {
      const n = Number(digits);
      if (n > 0 && n <= MAX_ID && !ids.includes(n)) ids.push(n);
    }
  }
  return { text, prefixes, ids };
}

/** The screen a found document opens (the documents' own screens select it by the number they show). */
export function searchLink(kind: SearchKind, id: string): string {
  switch (kind) {
    case 'order':
      return `/sales/${encodeURIComponent(displayDocumentId(id))}`;
    case 'weborder':
      return `/salesweb/${encodeURIComponent(id)}`;
    case 'invoice':
      return `/invoice/${encodeURIComponent(displayDocumentId(id))}`;
    case 'packingslip':
      return `/packingslip/${encodeURIComponent(id)}`;
    case 'refund':
      return `/allrefunds/${encodeURIComponent(id)}`;
  }
}

/**
 * The dictionary key of a found document's state: an order's status (STATUS_Sales_n), a web order's way to the ERP
 * (imported, or being sent), a refund's step. Null when the kind has none to show (invoices, packing slips).
 */
export function searchStateKey(kind: SearchKind, state: string | null): string | null {
  if (state === null) return null;
  switch (kind) {
    case 'order':
      return `STATUS_Sales_${state}`;
    case 'weborder':
      return state === 'imported' ? 'UI_SalesWeb_Imported' : 'UI_SalesWeb_SendingToStore';
    case 'refund':
      return `UI_Refunds_Stage_${state}`;
    default:
      return null;
  }
}

export const SEARCH_KEYS = { tooShort: 'WARN_SearchTooShort', tooLong: 'WARN_SearchTooLong' } as const;

export const documentSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(DOCUMENT_SEARCH.minLength, SEARCH_KEYS.tooShort)
    .max(DOCUMENT_SEARCH.maxLength, SEARCH_KEYS.tooLong)
    .refine((s) => !/\p{Cc}/u.test(s), SEARCH_KEYS.tooShort),
});

export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The document's id as stored (an ERP id keeps its 41). */
  id: z.string(),
  /** Its number as the screens show it (without the 41 of part 1 §9). */
  number: z.string(),
  /** `YYYY-MM-DD` or an ISO timestamp: ordered, invoiced, delivered, asked. */
  date: z.string(),
  /** The state's code (a status, `imported`/`pending`, a refund's step); null for kinds without one. */
  state: z.string().nullable(),
  /** Its amount in euros when known (invoices with VAT, web orders' net), else null. */
  amount: z.number().nullable(),
  customerRef: z.string().nullable(),
  /** The job reference that matched (web orders found by one of their lines'). */
  jobRef: z.string().nullable(),
  /** The client it belongs to (staff see several). */
  client: z.string(),
  matched: z.enum(SEARCH_MATCHES),
  /** The screen the box opens. */
  link: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const documentSearchResponse = z.object({
  q: z.string(),
  /** Only the kinds with documents found, in SEARCH_KINDS order; each with at most `perKind`. */
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), hits: z.array(searchHit) })),
});
export type DocumentSearchResponse = z.infer<typeof documentSearchResponse>;

export const searchCalls = {
  documents: endpoint({
    method: 'GET',
    path: '/api/search/documents',
    access: 'user',
    summary: 'Every kind of document of the caller’s client by number, customer reference or job reference',
    description:
      'Orders, web orders, invoices, packing slips and refunds whose number (with or without the 41 prefix) or ' +
      'reference starts with `q` (2–40 characters, any case), at most 5 of each kind, in that order. A customer finds ' +
      'their own client’s documents; staff (rank 2) every client’s. See docs/decisions/0081.',
    tags: ['search'],
    query: documentSearchQuery,
    response: documentSearchResponse,
    refusals: { 400: errorBody, 401: errorBody },
  }),
};
