import type { GridResponse } from '@portal/contract/grids';
import type { MailOutboxRow } from '@portal/contract/mail';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { mailKeys } from './mail-keys';

const MAIL_PENDING_REFRESH_MS = 5000;

/** GET /api/insettings/GetMailOutboxJqGrid (admins): the mails not sent yet, pending and dead, newest first. */
export function getMailOutboxGrid(params: GridParams): Promise<GridResponse<MailOutboxRow>> {
  return apiRequest<GridResponse<MailOutboxRow>>('/api/insettings/GetMailOutboxJqGrid', { query: params });
}

export const mailOutboxGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: mailKeys.outbox(params),
    queryFn: () => getMailOutboxGrid(params),
    staleTime: 10_000,
    // While a mail is pending (one just sent again among them) the list follows the sender.
    refetchInterval: (query) =>
      query.state.data?.rows.some((row) => row.status === 'pending') ? MAIL_PENDING_REFRESH_MS : false,
  });
