/** Query keys of the current cart (its lines come in a later issue). */
export const cartKeys = {
  all: ['cart'] as const,
  current: () => [...cartKeys.all, 'current'] as const,
  length: () => [...cartKeys.current(), 'length'] as const,
};
