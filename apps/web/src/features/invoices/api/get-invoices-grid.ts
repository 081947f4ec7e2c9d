import type { GridResponse } from '@portal/contract/grids';
import type { InvoiceHeader } from '@portal/contract/sales';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { invoiceKeys } from './invoice-keys';

/** GET /api/ininvoice/getallheadersjqgrid: a page of the caller's invoices (optional filterProduct). */
export function getInvoicesGrid(params: GridParams): Promise<GridResponse<InvoiceHeader>> {
  return apiRequest<GridResponse<InvoiceHeader>>('/api/ininvoice/getallheadersjqgrid', { query: params });
}

export const invoicesGridQueryOptions = (params: GridParams) =>
  queryOptions({ queryKey: invoiceKeys.list(params), queryFn: () => getInvoicesGrid(params), staleTime: 30_000 });
