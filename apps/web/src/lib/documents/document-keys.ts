/** Query keys shared by the document screens (orders, web orders, invoices, packing slips): filter options. */
export const documentKeys = {
  all: ['documents'] as const,
  filterOptions: () => [...documentKeys.all, 'filter-options'] as const,
  stores: () => [...documentKeys.filterOptions(), 'stores'] as const,
  dlvModes: () => [...documentKeys.filterOptions(), 'dlv-modes'] as const,
};
