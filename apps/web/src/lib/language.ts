import { commonCalls } from '@portal/contract/common';
import type { LanguageKey } from '@portal/contract/constants';
import { queryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callKey } from './call';
import { applyLanguage, currentLanguage, isLanguageKey, loadLocales, storeLanguage } from './i18n';
import { useLanguages } from './languages';
import { queryClient, refreshUserData } from './query-client';

/** The whole dictionary of a language. */
export const dictionaryQueryOptions = (lang: LanguageKey) => {
  const params = { lang };
  return queryOptions({
    queryKey: callKey(commonCalls.dictionary, { params }),
    queryFn: () => call(commonCalls.dictionary, { params }, { silent: true }),
    staleTime: 0,
  });
};

/**
 * Fetches the dictionary and locales of a language, then switches to it. Queries keyed by language
 * refetch by themselves, the others are read again (the ERP's names follow the language); `remember` keeps the
 * choice in localStorage.
 */
export async function changeLanguage(lang: LanguageKey, remember = true): Promise<void> {
  const [dictionary] = await Promise.all([queryClient.fetchQuery(dictionaryQueryOptions(lang)), loadLocales(lang)]);
  const changed = lang !== currentLanguage();
  await applyLanguage(lang, dictionary.words);
  if (remember) storeLanguage(lang);
  if (changed) void refreshUserData();
}

/** The current language; components re-render when it changes. */
export function useLanguage(): LanguageKey {
  useTranslation();
  return currentLanguage();
}

/** What a language control needs: the current language, the offered ones, and a guarded switch. */
export function useLanguageChoice() {
  const lang = useLanguage();
  const { data: languages = [] } = useLanguages();
  const [switching, setSwitching] = useState(false);
  const choose = async (value: unknown) => {
    if (!isLanguageKey(value) || value === lang) return;
    setSwitching(true);
    try {
      await changeLanguage(value);
    } finally {
      setSwitching(false);
    }
  };
  return { lang, languages, switching, choose };
}
