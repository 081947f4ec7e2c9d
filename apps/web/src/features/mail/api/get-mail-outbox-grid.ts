import { mailCalls } from '@portal/contract/mail';
import { queryOptions } from '@tanstack/react-query';
import { call, callKey } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';

const MAIL_PENDING_REFRESH_MS = 5000;

/** The mails not sent yet, pending and dead, newest first (admins). */
export const mailOutboxGridQueryOptions = (params: GridParams) =>
  queryOptions({
    queryKey: callKey(mailCalls.outboxGrid, { query: params }),
    queryFn: () => call(mailCalls.outboxGrid, { query: params }),
    staleTime: 10_000,
    // While a mail is pending (one just sent again among them) the list follows the sender.
    refetchInterval: (query) =>
      query.state.data?.rows.some((row) => row.status === 'pending') ? MAIL_PENDING_REFRESH_MS : false,
  });
