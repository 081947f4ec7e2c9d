import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ErpAdapter } from '../../db/erp-adapter.ts';
import type { ErpDocumentPdfs } from '../../db/erp-document-pdfs.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { refundFilesService } from './refund-files.service.ts';
import { applyRefundResults, type RefundResultInput } from './refund-results.repository.ts';
import { refundsRepository } from './refunds.repository.ts';
import { refundsRoutes } from './refunds.routes.ts';
import { refundsService } from './refunds.service.ts';
import { refundsStaffService } from './refunds-staff.service.ts';

type Options = {
  db: Db;
  /** The storage's refunds/ folder (decision 0029). */
  storage: Storage;
  clock: () => Date;
  /** The credit notes' PDFs where an ERP side in this database makes them (the demo ERP); null elsewhere. */
  creditNotePdf: ErpAdapter['creditNotePdf'] | null;
  /** Runs the demo ERP's pass at once (demo mode only); null where a real ERP answers through the feeds. */
  askErp: (() => Promise<unknown>) | null;
  /** At most this many bytes per evidence file (10 MB unless a test says less). */
  maxFileBytes?: number;
  /** The ERP's own PDFs (decision 0066). */
  erpPdfs?: ErpDocumentPdfs;
};

/** The returns area (issue 13): one registration for app.ts. */
export const refundsArea: FastifyPluginAsync<Options> = async (
  app,
  { db, storage, clock, creditNotePdf, askErp, maxFileBytes, erpPdfs },
) => {
  const repo = refundsRepository(db);
  const files = refundFilesService({ db, storage, maxFileBytes });
  await app.register(refundsRoutes, {
    service: refundsService({ repo, clock, lineFiles: files }),
    staffService: refundsStaffService({ repo, clock }),
    files,
    creditNotePdf,
    askErp,
    maxFileBytes,
    erpPdfs,
  });
};

/** The refund-results feed's applier (decision 0067), for the feeds' service. */
export function refundResultsApplier(db: Db) {
  const repo = refundsRepository(db);
  return (tx: Db, rows: RefundResultInput[], context: { now: Date; baseUrl: string }) =>
    applyRefundResults(repo, tx, rows, context);
}
