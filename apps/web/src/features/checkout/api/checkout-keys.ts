import type { LanguageKey } from '@portal/contract/constants';

/** Query keys of the checkout (one factory: headers per cart, and the option lists of a location). */
export const checkoutKeys = {
  all: ['checkout'] as const,
  headers: () => [...checkoutKeys.all, 'header'] as const,
  current: (lang: LanguageKey) => [...checkoutKeys.headers(), 'current', lang] as const,
  cart: (cartId: number, lang: LanguageKey) => [...checkoutKeys.headers(), cartId, lang] as const,
  addresses: () => [...checkoutKeys.all, 'addresses'] as const,
  dlvModes: (store: string, addressId: number | null, isAddressWeb: boolean) =>
    [...checkoutKeys.all, 'dlvmodes', store, addressId, isAddressWeb] as const,
  paymentMethods: () => [...checkoutKeys.all, 'payment-methods'] as const,
};
