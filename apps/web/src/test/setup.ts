import { afterEach } from 'vitest';

/**
 * After each web test (vitest.config.ts `setupFiles`: vitest runs this file again before every test file, so the hook
 * belongs to each file; a module's own hook, with `isolate: false`, would belong to the first file that loaded it):
 * what it drew is unmounted, the browser's storage is empty, the app's query cache is empty and i18next is back to its
 * Spanish with no texts. The modules are shared by the files of a worker; no test starts with what another left.
 */
afterEach(async ({ task }) => {
  if (!task.file.filepath.includes('/apps/web/src/')) return;
  const [{ i18n }, { queryClient }] = await Promise.all([import('../lib/i18n'), import('../lib/query-client')]);
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    localStorage.clear();
  }
  queryClient.clear();
  for (const lang of Object.keys(i18n.store.data)) i18n.removeResourceBundle(lang, 'translation');
  await i18n.changeLanguage('es');
});
