import { rankOf } from '@portal/contract/constants';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ErpDocumentPdfs } from '../db/erp-document-pdfs.ts';
import { sessionRefusal } from '../plugins/principal.ts';
import type { WebContextResolver } from '../plugins/web-context.ts';
import type { AccountRepository } from './account/account.repository.ts';
import { dashboardSummaryRoutes } from './dashboard-summary.ts';
import { invoicesRepository } from './invoices/invoices.repository.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { packingSlipsRepository } from './packingslips/packingslips.repository.ts';
import { packingSlipsRoutes } from './packingslips/packingslips.routes.ts';
import { documentDataRepository } from './reports/document-data.repository.ts';
import { documentLogRepository } from './reports/document-log.repository.ts';
import { downloadTokens } from './reports/download-token.ts';
import { type DownloadUser, reportsRoutes } from './reports/reports.routes.ts';
import { salesRepository } from './sales/sales.repository.ts';
import { salesRoutes } from './sales/sales.routes.ts';
import { salesWebRepository } from './salesweb/salesweb.repository.ts';
import { salesWebRoutes } from './salesweb/salesweb.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { settingsFiltersRoutes } from './settings/settings-filters.routes.ts';

type Options = {
  db: Db;
  clock: () => Date;
  webContextOf: WebContextResolver;
  accounts: AccountRepository;
  /** The access-token secret; download URLs are signed with a key derived from it. */
  tokenSecret: string;
  /** The ERP's own PDFs of its documents (decision 0066). */
  erpPdfs?: ErpDocumentPdfs;
};

/**
 * The customer documents area (issue 5): orders, web orders, invoices, packing slips, their grid filters,
 * their PDF and Excel documents, and the search over all of them (issue 26). One registration for app.ts; each
 * area is its own module.
 */
export const erpDocumentRoutes: FastifyPluginAsync<Options> = async (
  app,
  { db, clock, webContextOf, accounts, tokenSecret, erpPdfs },
) => {
  await app.register(salesRoutes, { repo: salesRepository(db) });
  await app.register(salesWebRoutes, { repo: salesWebRepository(db), db, clock });
  await app.register(invoicesRoutes, { repo: invoicesRepository(db) });
  await app.register(packingSlipsRoutes, { repo: packingSlipsRepository(db) });
  await app.register(settingsFiltersRoutes, { db });
  // One search over every document, scoped as the grids are (issue 26; decision 0081).
  await app.register(searchRoutes, { db });
  // The dashboard's blocks over the same documents and the returns (issue 25; decision 0090).
  await app.register(dashboardSummaryRoutes, { db, clock });
  const loadUser = async (id: string): Promise<DownloadUser | null> => {
    const row = await accounts.loadPrincipal(id);
    if (!row?.clientId || sessionRefusal(row)) return null;
    return {
      id: row.id,
      username: row.username,
      clientId: row.clientId,
      rank: rankOf(row.roles),
      tokenVersion: row.tokenVersion,
    };
  };
  await app.register(reportsRoutes, {
    data: documentDataRepository(db),
    log: documentLogRepository(db),
    tokens: downloadTokens(tokenSecret, clock),
    webContextOf,
    loadUser,
    clock,
    erpPdfs,
  });
};
