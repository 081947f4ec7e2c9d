import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DocumentPdfKind } from '@portal/contract/integration-documents';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { HEAD_BYTES, recognise } from '../lib/storage/content-type.ts';
import type { Storage, StoredContent } from '../lib/storage/storage.ts';
import { peekHead } from '../lib/storage/stream-limit.ts';
import { storageRefusal } from '../lib/storage/upload-errors.ts';
import { type Db, queryRows } from './client.ts';

/**
 * The ERP's own PDF of its documents (decision 0066): the integration API stores it (sync area), the customer's PDF
 * download of an order, packing slip or invoice (reports area) and of a return's credit note (refunds area) serve it
 * instead of the PDF the portal draws. Shared here, below the areas, as the ERP adapter is. The files live in the
 * storage given (its erp-documents/ folder), one per document, under a new name each time: a PDF refused halfway
 * leaves the one before it in place.
 */
const DOCUMENTS: Record<DocumentPdfKind, SQL> = {
  'sales-order': sql`select 1 from erp_sales_orders where sales_id = `,
  'packing-slip': sql`select 1 from erp_packing_slips where packing_slip_id = `,
  invoice: sql`select 1 from erp_invoices where invoice_id = `,
  'credit-note': sql`select 1 from erp_credit_notes where credit_note_id = `,
};

const foundRow = z.object({ found: z.boolean() });

export type StoredPdf = { size: number; sha256: string; changed: boolean };

export function erpDocumentPdfs(db: Db, storage: Storage) {
  async function recordOf(kind: DocumentPdfKind, id: string) {
    const [row] = await queryRows(
      db,
      sql`select path, sha256 from erp_document_pdfs where kind = ${kind} and document_id = ${id}`,
      z.object({ path: z.string(), sha256: z.string() }),
    );
    return row ?? null;
  }

  return {
    /** Whether the portal has the document (its feed came first). */
    async documentExists(kind: DocumentPdfKind, id: string): Promise<boolean> {
      const [row] = await queryRows(db, sql`select exists (${DOCUMENTS[kind]}${id}) as found`, foundRow);
      return row?.found === true;
    },

    /** The ERP's PDF of a document, or null when it sent none (or the file is gone). */
    async open(kind: DocumentPdfKind, id: string): Promise<StoredContent | null> {
      const row = await recordOf(kind, id);
      return row ? storage.get(row.path) : null;
    },

    /**
     * Stores a PDF for a document: recognised by its bytes (a PDF or 415), at most `maxBytes` (413), replacing the
     * document's earlier one. The same bytes again change nothing.
     */
    async store(kind: DocumentPdfKind, id: string, body: Readable, maxBytes: number, now: Date): Promise<StoredPdf> {
      const { head, stream } = await peekHead(body, HEAD_BYTES);
      const found = recognise(head, 'document.pdf');
      if (!('kind' in found) || found.kind !== 'pdf') {
        stream.destroy();
        throw new AppError(
          415,
          'WARN_FileTypeRefused',
          `not a PDF: ${'refused' in found ? found.refused : found.kind}`,
        );
      }
      const path = `${kind}/${Buffer.from(id, 'utf8').toString('hex')}-${randomUUID()}.pdf`;
      let stored: Awaited<ReturnType<Storage['put']>>;
      try {
        stored = await storage.put(path, stream, { contentType: found.contentType, maxBytes });
      } catch (error) {
        throw storageRefusal(error, `a PDF holds ${maxBytes} bytes at most`);
      }
      const before = await recordOf(kind, id);
      if (before?.sha256 === stored.sha256) {
        await storage.delete(path);
        return { size: stored.size, sha256: stored.sha256, changed: false };
      }
      await db.execute(sql`insert into erp_document_pdfs (kind, document_id, path, size, sha256, received_at)
        values (${kind}, ${id}, ${path}, ${stored.size}, ${stored.sha256}, ${now.toISOString()})
        on conflict (kind, document_id) do update
          set path = excluded.path, size = excluded.size, sha256 = excluded.sha256, received_at = excluded.received_at`);
      if (before) await storage.delete(before.path);
      return { size: stored.size, sha256: stored.sha256, changed: true };
    },
  };
}
export type ErpDocumentPdfs = ReturnType<typeof erpDocumentPdfs>;
