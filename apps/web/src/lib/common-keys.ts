import type { LanguageKey } from '@portal/contract/constants';

/** Query keys of the anonymous /api/common calls. */
export const commonKeys = {
  all: ['common'] as const,
  webContext: () => [...commonKeys.all, 'webcontext'] as const,
  languages: () => [...commonKeys.all, 'languages'] as const,
  dictionaries: () => [...commonKeys.all, 'dictionary'] as const,
  dictionary: (lang: LanguageKey) => [...commonKeys.dictionaries(), lang] as const,
};
