import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ErpAdapter } from '../../db/erp-adapter.ts';
import type { ErpDocumentPdfs } from '../../db/erp-document-pdfs.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { refundFilesService } from './refund-files.service.ts';
import { refundsRepository } from './refunds.repository.ts';
import { refundsRoutes } from './refunds.routes.ts';
import { refundsService } from './refunds.service.ts';
import { refundsErpJob } from './refunds-erp.job.ts';
import { refundsStaffService } from './refunds-staff.service.ts';

type Options = {
  db: Db;
  /** The storage's refunds/ folder (decision 0029). */
  storage: Storage;
  clock: () => Date;
  adapter: ErpAdapter;
  /** At most this many bytes per evidence file (10 MB unless a test says less). */
  maxFileBytes?: number;
  /** The ERP's own PDFs (decision 0066). */
  erpPdfs?: ErpDocumentPdfs;
};

/** The returns area (issue 13): one registration for app.ts. */
export const refundsArea: FastifyPluginAsync<Options> = async (
  app,
  { db, storage, clock, adapter, maxFileBytes, erpPdfs },
) => {
  const repo = refundsRepository(db);
  const files = refundFilesService({ db, storage, maxFileBytes });
  const job = refundsErpJob({ repo, adapter, clock, log: app.log });
  await app.register(refundsRoutes, {
    service: refundsService({ repo, clock, lineFiles: files }),
    staffService: refundsStaffService({ repo, clock }),
    files,
    adapter,
    sendNow: (id) => job.processOne(id),
    maxFileBytes,
    erpPdfs,
  });
};
