/** Query keys of the commercial rules: a mutation invalidates exactly the resource it changed. */
export const stockMessageKeys = {
  all: ['stock-messages'] as const,
  lists: () => [...stockMessageKeys.all, 'list'] as const,
  list: (store: string | undefined) => [...stockMessageKeys.lists(), store ?? ''] as const,
  details: () => [...stockMessageKeys.all, 'detail'] as const,
  detail: (id: number) => [...stockMessageKeys.details(), id] as const,
};

export const storeOptionKeys = {
  all: ['store-options'] as const,
};

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  lists: () => [...paymentMethodKeys.all, 'list'] as const,
  list: (params: unknown) => [...paymentMethodKeys.lists(), params] as const,
  details: () => [...paymentMethodKeys.all, 'detail'] as const,
  detail: (id: number) => [...paymentMethodKeys.details(), id] as const,
};
