import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the mail outbox screen: "send again" invalidates `all`. */
export const mailKeys = {
  all: ['mail'] as const,
  outbox: (params: GridParams) => [...mailKeys.all, 'outbox', params] as const,
};
