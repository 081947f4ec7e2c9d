/** Query keys of the returns area: a change to the cart invalidates `cart` and the lines it counts against. */
export const refundKeys = {
  all: ['refunds'] as const,
  canReturn: () => [...refundKeys.all, 'can-return'] as const,
  reasons: (lang: string) => [...refundKeys.all, 'reasons', lang] as const,
  returnable: () => [...refundKeys.all, 'returnable'] as const,
  slip: (slipId: string) => [...refundKeys.returnable(), 'slip', slipId] as const,
  invoiceLine: (invoiceId: string, line: number) => [...refundKeys.returnable(), 'invoice', invoiceId, line] as const,
  cart: () => [...refundKeys.all, 'cart'] as const,
  files: (lineId: number) => [...refundKeys.all, 'files', lineId] as const,
  addresses: () => [...refundKeys.all, 'addresses'] as const,
  lists: () => [...refundKeys.all, 'list'] as const,
  list: (params: object) => [...refundKeys.lists(), params] as const,
  details: () => [...refundKeys.all, 'detail'] as const,
  detail: (id: number, lang: string) => [...refundKeys.details(), id, lang] as const,
};
