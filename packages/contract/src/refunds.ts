/**
 * Returns (refunds): spec part 2 §2 (Refunds, the return button of packing slips and invoices), §3 (Refund header,
 * line, files), §4 (Refund STATUS, creation), §5, §7 (/api/inrefund), §9. Decisions 0028 (model and calls),
 * 0029 (evidence files), 0030 (staff steps and the ERP round trip).
 */
import { z } from 'zod';
import { ALLOWED_TEXT } from './constants.ts';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';
import { documentId } from './sales.ts';

/** Refund STATUS (part 2 §4): 0 Opened, 1 Pending, 2 Processed, any other value shown as Error. */
export const REFUND_STATUS = { opened: 0, pending: 1, processed: 2, error: 3 } as const;
export const REFUND_STATUS_CODES = [0, 1, 2, 3] as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/**
 * The finer steps beside STATUS (decision 0030): `cart` (STATUS 0, the refunds cart), `requested` (finished,
 * 1), `received` (the store has the parts, 1), `decided` (every line accepted or rejected, at least one accepted:
 * waiting for the ERP, 1 or 3 on an ERP error), `rejected` (every line rejected: closed, 2), `cancelled` (the
 * customer withdrew it before the store received it, 2), `processed` (the ERP made the credit note, 2).
 */
export const REFUND_STAGES = [
  'cart',
  'requested',
  'received',
  'decided',
  'rejected',
  'cancelled',
  'processed',
] as const;
export type RefundStage = (typeof REFUND_STAGES)[number];

export const REFUND_LINE_DECISIONS = ['accepted', 'rejected'] as const;
export type RefundLineDecision = (typeof REFUND_LINE_DECISIONS)[number];

/** Business constants (part 2 §5, §9; issue 13). */
export const REFUND_LIMITS = {
  /** Days after the delivery date a line may be returned, when the setting refunds.window_days is not set. */
  windowDaysDefault: 30,
  quantityMax: 9999,
  commentMax: 500,
  observationsMax: 200,
  notesMax: 2000,
  rejectReasonMax: 300,
  /** Evidence files: at most this many per line, each at most fileMaxBytes. */
  filesPerLine: 5,
  fileMaxBytes: 10 * 1024 * 1024,
} as const;

/** What an evidence file may be, recognised by its bytes (decision 0029). */
export const REFUND_FILE_KINDS = ['jpeg', 'png', 'webp', 'heic', 'pdf'] as const;
export type RefundFileKind = (typeof REFUND_FILE_KINDS)[number];
/** The `accept` of the file picker (the server decides by content, whatever the name says). */
export const REFUND_FILE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf';

/** The dictionary keys the rules answer with; the web shows the same ones. */
export const REFUND_MESSAGES = {
  quantityWhole: 'WARN_RefundQuantityWhole',
  quantityMin: 'WARN_RefundQuantityMin',
  quantityMax: 'WARN_RefundQuantityMax',
  reasonRequired: 'WARN_RefundReasonRequired',
  windowExpired: 'WARN_RefundWindowExpired',
  notReturnable: 'WARN_RefundNotReturnable',
  lineRequired: 'WARN_RefundLineRequired',
  commentTooLong: 'WARN_RefundCommentTooLong',
  commentChars: 'WARN_RefundCommentCharacters',
  /** Observations are required: the spec's key (part 2 §5). */
  observationsRequired: 'WARN_RefundObservationsRequired',
  observationsChars: 'WARN_RefundObservationsCharacters',
  observationsTooLong: 'WARN_RefundObservationsTooLong',
  addressRequired: 'WARN_RefundAddressRequired',
  cartEmpty: 'WARN_RefundCartEmpty',
  stateChanged: 'WARN_RefundStateChanged',
  rejectReasonRequired: 'WARN_RefundRejectReasonRequired',
  noteRequired: 'WARN_RefundNoteRequired',
  tooManyFiles: 'WARN_TooManyFiles',
  fileTooLarge: 'WARN_FileTooLarge',
  fileTypeRefused: 'WARN_FileTypeRefused',
  noFiles: 'WARN_RefundNoFiles',
} as const;

// Control characters (tabs and new lines aside) are never part of a comment.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const NO_CONTROLS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

const id = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
const idField = z.coerce.number({ error: 'WARN_ValidationError' }).int().min(1).max(2_147_483_647);

/** A refund quantity: a whole number from 1 (the upper bound, what can still be returned, is the server's). */
export const refundQuantity = z.coerce
  .number({ error: REFUND_MESSAGES.quantityWhole })
  .int(REFUND_MESSAGES.quantityWhole)
  .min(1, REFUND_MESSAGES.quantityMin)
  .max(REFUND_LIMITS.quantityMax, REFUND_MESSAGES.quantityMax);

/**
 * What can still be returned of a delivered line, the one rule (decision 0071): the delivered quantity less what the
 * other returns of it ask for, in whole units (a return asks for whole units, `refundQuantity`; a delivery of 2.5
 * litres returns at most 2), never below 0. The server's SQL sums what is asked for (refunds.repository.ts `askedOf`).
 */
export function returnableQuantity(delivered: number, askedByOthers: number): number {
  return Math.max(0, Math.floor(Number(delivered) - Number(askedByOthers)));
}

export const refundComment = z
  .string()
  .trim()
  .max(REFUND_LIMITS.commentMax, REFUND_MESSAGES.commentTooLong)
  .regex(NO_CONTROLS, REFUND_MESSAGES.commentChars);

/** The observations of a finished refund: required, letters, digits, whitespace and hyphen only (part 2 §5). */
export const refundObservations = z
  .string({ error: REFUND_MESSAGES.observationsRequired })
  .trim()
  .min(1, REFUND_MESSAGES.observationsRequired)
  .max(REFUND_LIMITS.observationsMax, REFUND_MESSAGES.observationsTooLong)
  .regex(ALLOWED_TEXT, REFUND_MESSAGES.observationsChars);

export const refundReasonId = z.coerce
  .number({ error: REFUND_MESSAGES.reasonRequired })
  .int(REFUND_MESSAGES.reasonRequired)
  .min(1, REFUND_MESSAGES.reasonRequired)
  .max(32767, REFUND_MESSAGES.reasonRequired);

/**
 * POST addarticletorefund (and POST /api/inpackingslip/refund/): a packing slip line to the refunds cart. The
 * line is `linenum` when given, else the first line of the slip holding the article `id_articulo` (the spec's
 * pair). `motivo` the reason id.
 */
export const addToRefund = z
  .object({
    packingslipid: documentId,
    linenum: idField.optional(),
    id_articulo: idField.optional(),
    motivo: refundReasonId,
    quantity: refundQuantity,
    userscomentarios: refundComment.default(''),
  })
  .refine((b) => b.linenum !== undefined || b.id_articulo !== undefined, {
    message: REFUND_MESSAGES.lineRequired,
    path: ['linenum'],
  });
export type AddToRefund = z.infer<typeof addToRefund>;

/** POST /api/ininvoice/refund/: an invoice line to the refunds cart (it returns the packing slip line it came from). */
export const addInvoiceLineToRefund = z.object({
  invoiceid: documentId,
  linenum: idField,
  motivo: refundReasonId,
  quantity: refundQuantity,
  userscomentarios: refundComment.default(''),
});
export type AddInvoiceLineToRefund = z.infer<typeof addInvoiceLineToRefund>;

/**
 * GET comprobardevolucion: what can still be returned of a delivered line (decision 0028). `maxquantity` the
 * delivered quantity minus what earlier returns of it asked for (any state but rejected lines and cancelled
 * refunds; the refunds cart included), `deadline` the last day of the return window (YYYY-MM-DD), `expired`
 * past it, `returnable` 1 when a return may be asked now (quantity left and within the window).
 */
export const returnableLine = z.object({
  packingslipid: z.string(),
  linenum: z.number().int(),
  id_articulo: z.number().int().nullable(),
  itemid: z.string(),
  name: z.string(),
  delivered: z.number(),
  returned: z.number(),
  maxquantity: z.number(),
  deliverydate: z.string(),
  deadline: z.string(),
  expired: z.boolean(),
  returnable: z.union([z.literal(0), z.literal(1)]),
});
export type ReturnableLine = z.infer<typeof returnableLine>;

/**
 * GET comprobardevolucion: a packing slip line (packingslipid with linenum or id_articulo) or an invoice line
 * (invoiceid with linenum: the packing slip line it was delivered on).
 */
export const checkReturnQuery = z
  .object({
    packingslipid: documentId.optional(),
    invoiceid: documentId.optional(),
    linenum: idField.optional(),
    id_articulo: idField.optional(),
  })
  .refine(
    (b) =>
      (b.packingslipid !== undefined && (b.linenum !== undefined || b.id_articulo !== undefined)) ||
      (b.invoiceid !== undefined && b.linenum !== undefined),
    { message: REFUND_MESSAGES.lineRequired, path: ['linenum'] },
  );

/** GET getreturntablewebid: optionally a packing slip line, to know its cart line. */
export const cartIdsQuery = z.object({
  packingslipid: documentId.optional(),
  linenum: idField.optional(),
  id_articulo: idField.optional(),
});

/** A language for the texts of an answer (reasons). */
export const langQuery = z.object({ lang: z.enum(['es', 'en', 'fr', 'pt']).default('es') });

/** GET file/{id}: thumb=1 for the small picture. */
export const fileQuery = z.object({ thumb: z.coerce.number().int().min(0).max(1).default(0) });
/** POST AddFilesToRefund: the line in the query (or a `lineid` field before the files). */
export const addFilesQuery = z.object({ lineid: idField.optional() });
/** AddFilesToRefund's multipart body (for the API document): `lineid` (or in the query) before the files. */
export const addFilesParts = z.object({
  lineid: idField.optional().describe('The refund line, unless given in the query; before the file parts'),
  file: z.array(z.file()).min(1).describe('One part per file; any field name is accepted'),
});

/** GET comprobardevolucion for every line of a packing slip at once (the packing slip screen's buttons). */
export const returnableLinesQuery = z.object({ packingslipid: documentId });
export const returnableLines = z.array(returnableLine);

/** A return reason in the caller's language (GET getreturnreasons). */
export const returnReason = z.object({ id: z.number().int(), name: z.string() });
export const returnReasons = z.array(returnReason);

/** An evidence file of a refund line (part 2 §3 Refund files: filetype; bytes by URL, never inline base64). */
export const refundFile = z.object({
  id: z.number().int(),
  lineid: z.number().int(),
  name: z.string(),
  filetype: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type RefundFile = z.infer<typeof refundFile>;
export const refundFiles = z.array(refundFile);

/** A refund line (part 2 §3): the spec's fields and what the screens show beside them. */
export const refundLine = z.object({
  id: z.number().int(),
  id_linea: z.number().int(),
  returntablewebid: z.number().int(),
  packingslipid: z.string(),
  id_articulo: z.number().int().nullable(),
  itemid: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  maxquantity: z.number(),
  motivo: z.number().int(),
  motivo_name: z.string(),
  userscomentarios: z.string(),
  decision: z.enum(REFUND_LINE_DECISIONS).nullable(),
  decision_reason: z.string().nullable(),
  files: z.number().int(),
});
export type RefundLine = z.infer<typeof refundLine>;
export const refundLines = z.array(refundLine);

/** A refund header (part 2 §3) and the steps beside STATUS. Dates ISO; Direccion_Usuario the address as text. */
export const refundHeader = z.object({
  Id: z.number().int(),
  Fecha_Peticion: z.string().nullable(),
  Fecha_Tramitacion: z.string().nullable(),
  CUSTACCOUNT: z.string(),
  CUSTNAME: z.string(),
  INVENTLOCATIONID: z.string().nullable(),
  INVENTLOCATIONNAME: z.string().nullable(),
  OBSERVATIONS: z.string(),
  STATUS: z.number().int(),
  STAGE: z.enum(REFUND_STAGES),
  RETURNSALESTABLEID: z.string().nullable(),
  CREDITNOTEID: z.string().nullable(),
  Direccion_Usuario: z.string().nullable(),
  LINES: z.number().int(),
  QUANTITY: z.number().int(),
});
export type RefundHeader = z.infer<typeof refundHeader>;

/** GET getrefundscart: the caller's refunds cart (Id 0 and no lines when there is none). */
export const refundsCart = z.object({ Id: z.number().int(), lines: refundLines });
export type RefundsCart = z.infer<typeof refundsCart>;

/** The refunds grid (getallheadersjqgrid): default sort request date, newest first. */
export const REFUNDS_GRID = {
  columns: {
    Id: { type: 'number', sortable: true, filterable: true },
    Fecha_Peticion: { type: 'datetime', sortable: true, filterable: true },
    Fecha_Tramitacion: { type: 'datetime', sortable: true, filterable: true },
    CUSTACCOUNT: { type: 'text', sortable: true, filterable: true },
    CUSTNAME: { type: 'text', sortable: true, filterable: true },
    INVENTLOCATIONID: { type: 'text', sortable: true, filterable: true },
    INVENTLOCATIONNAME: { type: 'text', sortable: true, filterable: true },
    OBSERVATIONS: { type: 'text', sortable: true, filterable: true },
    STATUS: { type: 'number', sortable: true, filterable: true },
    STAGE: { type: 'text', sortable: true, filterable: true },
    RETURNSALESTABLEID: { type: 'text', sortable: true, filterable: true },
    CREDITNOTEID: { type: 'text', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'Fecha_Peticion', sord: 'desc' },
} as const satisfies GridDefinition;

export const refundsGridQuery = gridQuery;
export const refundsGridResponse = gridResponse(refundHeader);

/** GetAllStatusjqFilter: the status filter's options (All = -1 first). */
export const refundStatusOptions = z.array(z.object({ id: z.number().int(), name: z.string() }));

export const refundIdParams = z.object({ id });
export const lineIdParams = z.object({ id });

/** POST editItemCart. */
export const editCartQuantity = z.object({ id: idField, quantity: refundQuantity });
/** POST editItemComentario. */
export const editCartComment = z.object({ id: idField, userscomentarios: refundComment });
/** POST finishCart: the cart's id, the observations and the return address (one of the client's addresses). */
export const finishRefundCart = z.object({
  id: idField,
  observations: refundObservations,
  Direccion_Usuario: z.coerce
    .number({ error: REFUND_MESSAGES.addressRequired })
    .int(REFUND_MESSAGES.addressRequired)
    .min(1, REFUND_MESSAGES.addressRequired),
});
export type FinishRefundCart = z.infer<typeof finishRefundCart>;

/** GET GetFiles (itemid: the line). */
export const filesQuery = z.object({ itemid: idField });
/** POST DeleteFile. */
export const deleteFileBody = z.object({ id: idField });

/** GET getreturntablewebid: the caller's refunds cart id (0 none) and the cart line of that slip line (0 none). */
export const returnTableWebId = z.object({ returntablewebid: z.number().int(), lineid: z.number().int() });

/** A client address to return from (GET getreturnaddresses). */
export const returnAddress = z.object({ id: z.number().int(), label: z.string(), selected: z.boolean() });
export const returnAddresses = z.array(returnAddress);

/** A step of a refund's timeline (what the customer sees; internal notes are staff-only). */
export const REFUND_EVENT_KINDS = [
  'requested',
  'received',
  'accepted',
  'rejected',
  'cancelled',
  'exported',
  'erp_error',
  'processed',
] as const;
export const refundEvent = z.object({
  kind: z.enum(REFUND_EVENT_KINDS),
  at: z.string(),
  lineid: z.number().int().nullable(),
  detail: z.string().nullable(),
});
export const refundNote = z.object({ id: z.number().int(), author: z.string(), body: z.string(), at: z.string() });

/** GET getrefund/{id}: a refund's page (header, lines, timeline; notes and ERP error for staff only). */
export const refundDetail = z.object({
  header: refundHeader,
  lines: refundLines,
  events: z.array(refundEvent),
  notes: z.array(refundNote).optional(),
  erp_error: z.string().nullable().optional(),
  credit_note_url: z.string().nullable(),
});
export type RefundDetail = z.infer<typeof refundDetail>;

/** Staff: POST decideline. A rejection needs a reason the customer sees. */
export const decideLine = z
  .object({
    id: idField,
    decision: z.enum(REFUND_LINE_DECISIONS),
    reason: z
      .string()
      .trim()
      .max(REFUND_LIMITS.rejectReasonMax, REFUND_MESSAGES.rejectReasonRequired)
      .regex(NO_CONTROLS, REFUND_MESSAGES.commentChars)
      .default(''),
  })
  .refine((b) => b.decision === 'accepted' || b.reason.length > 0, {
    message: REFUND_MESSAGES.rejectReasonRequired,
    path: ['reason'],
  });
/** Staff: POST addnote. */
export const addNote = z.object({
  id: idField,
  body: z
    .string()
    .trim()
    .min(1, REFUND_MESSAGES.noteRequired)
    .max(REFUND_LIMITS.notesMax, REFUND_MESSAGES.noteRequired)
    .regex(NO_CONTROLS, REFUND_MESSAGES.commentChars),
});
/** Staff: POST receive / requeue; customer: POST cancel. */
export const refundIdBody = z.object({ id: idField });

/** A plain answer of the calls that answer one or zero (comprobarrolusuario, comprobarcarritovacio). */
export const oneOrZero = z.union([z.literal(0), z.literal(1)]);

/** The URL of an evidence file's bytes (thumbnail: its small picture). */
export const refundFileUrl = (fileId: number, thumbnail = false) =>
  `/api/inrefund/file/${fileId}${thumbnail ? '?thumb=1' : ''}`;
export const creditNoteUrl = (refundId: number) => `/api/inrefund/creditnote/${refundId}`;

/** A line added to the refunds cart. */
export const addedToRefund = z.object({ id: z.number().int(), returntablewebid: z.number().int() });
/** The answer of a call that only says it was done (a dictionary key). */
export const refundDone = z.object({ message: z.string() });
