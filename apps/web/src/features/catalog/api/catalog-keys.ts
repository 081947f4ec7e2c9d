import type { LanguageKey } from '@portal/contract/constants';

/** Query keys of the catalogue (one factory: all / lists / list / details / detail, and the option lists). */
export const catalogKeys = {
  all: ['catalog'] as const,
  lists: () => [...catalogKeys.all, 'list'] as const,
  list: (variant: string, params: Record<string, unknown>) => [...catalogKeys.lists(), variant, params] as const,
  details: () => [...catalogKeys.all, 'detail'] as const,
  detail: (id: number, params: { lang: LanguageKey; modelid?: number; marca?: number; modelo?: number }) =>
    [...catalogKeys.details(), id, params] as const,
  brands: () => [...catalogKeys.all, 'brands'] as const,
  models: (brand: number) => [...catalogKeys.brands(), brand, 'models'] as const,
  motorizations: (brand: number, model: number) => [...catalogKeys.models(brand), model, 'motorizations'] as const,
  availability: (id: number, lang: LanguageKey) => [...catalogKeys.all, 'availability', id, lang] as const,
  technicalFiles: (marca: string, ref: string) => [...catalogKeys.all, 'technical-files', marca, ref] as const,
};
