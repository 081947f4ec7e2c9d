/**
 * Query keys of the current cart. Shared: the header badge reads the length and the catalogue
 * invalidates it after adding a line (a feature never imports another feature).
 */
export const cartKeys = {
  all: ['cart'] as const,
  current: () => [...cartKeys.all, 'current'] as const,
  length: () => [...cartKeys.current(), 'length'] as const,
};
