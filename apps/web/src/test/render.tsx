import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { i18n } from '@/lib/i18n';

/**
 * What a component test needs around the component (jsdom, `// @vitest-environment jsdom` in the file): a
 * QueryClient whose data the test sets (no network: a query without data stays pending, a refetch never runs), a
 * router at `url`, and the dictionary texts the test names (the real dictionary is the server's: a test states the
 * few sentences it reads, with their placeholders).
 */

// jsdom has no matchMedia (the grid, Ant Design's responsive parts): a wide screen, which never changes.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out: nothing is ever resized (Ant Design's tables and lists observe their size).
if (typeof window !== 'undefined' && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom's getComputedStyle does not read pseudo-elements (Ant Design asks for the scroll bar's): the element's own.
if (typeof window !== 'undefined') {
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
}

/** A QueryClient that never fetches on its own and does not retry: the test's data is all there is. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The sentences a test reads, in English (keys the test does not name show as their key). For one test: after each,
 * i18next is back to Spanish with no texts (src/test/setup.ts), so a file adds them in a `beforeEach`.
 */
export function addTexts(texts: Record<string, string>): void {
  i18n.addResourceBundle('en', 'translation', texts, true, true);
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
}

export function renderWithProviders(
  ui: ReactNode,
  { client = testQueryClient(), url = '/' }: { client?: QueryClient; url?: string } = {},
): RenderResult & { client: QueryClient } {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}
