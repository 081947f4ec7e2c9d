import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of the FAQ: a save or delete invalidates `all` (the packs, the grids and the customers' FAQ). */
export const faqKeys = {
  all: ['faq'] as const,
  ofLanguage: (lang: string) => [...faqKeys.all, 'language', lang] as const,
  grids: () => [...faqKeys.all, 'grid'] as const,
  grid: (params: GridParams) => [...faqKeys.grids(), params] as const,
  details: () => [...faqKeys.all, 'detail'] as const,
  detail: (id: number) => [...faqKeys.details(), id] as const,
  newPack: (lang: string) => [...faqKeys.all, 'new', lang] as const,
};
