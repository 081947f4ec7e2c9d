import type {
  QuickOrderAddRequest,
  QuickOrderCandidate,
  QuickOrderCorrection,
  QuickOrderLine,
  QuickOrderStatus,
  ReorderChange,
  ReorderLine,
} from '@portal/contract/quick-order';

/**
 * A line of the quick-order screen: what was typed, what the server resolved it to, and what the customer chose
 * (the article of an ambiguous code, the quantity, the store). A reorder's line also carries what changed.
 */
export type WorkLine = {
  key: string;
  row: number;
  identifier: string;
  quantityTyped: string;
  quantity: number;
  correction: QuickOrderCorrection | null;
  storeTyped: string;
  status: QuickOrderStatus;
  candidates: QuickOrderCandidate[];
  /** The article chosen (the only candidate, or the customer's pick); null while none is. */
  chosen: number | null;
  store: string | null;
  changes?: ReorderChange[];
  documentPrice?: number | null;
  documentStore?: string | null;
  name?: string;
};

let next = 0;
const newKey = () => `l${++next}`;

export function fromResolved(line: QuickOrderLine, key = newKey()): WorkLine {
  const only = line.candidates.length === 1 ? line.candidates[0]! : null;
  return {
    key,
    row: line.row,
    identifier: line.identifier,
    quantityTyped: line.quantityTyped,
    quantity: line.quantity,
    correction: line.correction,
    storeTyped: line.storeTyped,
    status: line.status,
    candidates: line.candidates,
    chosen: only?.id_articulo ?? null,
    store: only?.store ?? null,
  };
}

export function fromReorder(line: ReorderLine): WorkLine {
  return {
    key: newKey(),
    row: line.lineNo,
    identifier: line.itemId,
    quantityTyped: String(line.documentQuantity),
    quantity: line.quantity,
    correction: line.correction,
    storeTyped: line.documentStore ?? '',
    status: line.article ? 'found' : 'notFound',
    candidates: line.article ? [line.article] : [],
    chosen: line.article?.id_articulo ?? null,
    store: line.article?.store ?? null,
    changes: line.changes,
    documentPrice: line.documentPrice,
    documentStore: line.documentStore,
    name: line.name,
  };
}

export const chosenCandidate = (line: WorkLine) => line.candidates.find((c) => c.id_articulo === line.chosen) ?? null;

/** The customer picks one of an ambiguous line's articles: its store is the one the rule gave that article. */
export function pick(line: WorkLine, articleId: number): WorkLine {
  const candidate = line.candidates.find((c) => c.id_articulo === articleId);
  return candidate ? { ...line, chosen: articleId, store: candidate.store } : line;
}

/** Lines that can go to the cart: an article chosen. */
export const addable = (lines: WorkLine[]) => lines.filter((l) => l.chosen !== null);

export function addRequest(lines: WorkLine[]): QuickOrderAddRequest {
  return {
    lines: addable(lines).map((l) => ({
      id_articulo: l.chosen!,
      quantity: l.quantity,
      ...(l.store ? { store: l.store } : {}),
    })),
  };
}

export function summary(lines: WorkLine[]) {
  return {
    found: lines.filter((l) => l.chosen !== null).length,
    ambiguous: lines.filter((l) => l.status === 'ambiguous' && l.chosen === null).length,
    missing: lines.filter((l) => l.status === 'notFound' || l.status === 'invalid').length,
  };
}

/** The next line number after the lines on screen (the order pad numbers its lines on). */
export const nextRow = (lines: WorkLine[]) => lines.reduce((max, l) => Math.max(max, l.row), 0) + 1;
