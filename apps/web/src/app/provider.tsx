import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { setPopupHostLoader } from '@/lib/error-popup';
import { queryClient } from '@/lib/query-client';
import { useSite } from '@/lib/web-context';
import { GlobalProgress } from './global-progress';

const PopupHost = lazy(() => import('./popup-host'));

/** Mounts the popup host when the first popup is raised (its code is loaded then). */
function Popups() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    setPopupHostLoader(() => setNeeded(true));
    return () => setPopupHostLoader(null);
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <PopupHost />
    </Suspense>
  ) : null;
}

function BrandFrame({ children }: { children: ReactNode }) {
  const { brand } = useSite();

  // Before the first paint: the plain login page draws with these colours.
  useLayoutEffect(() => {
    document.documentElement.style.setProperty('--brand-primary', brand.colors.primary);
    document.documentElement.style.setProperty('--brand-header', brand.colors.header);
  }, [brand]);

  return (
    <>
      <GlobalProgress color={brand.colors.accent} />
      <Popups />
      {children}
    </>
  );
}

/**
 * Query cache, the brand's colours and the error popups' host (loaded with the first popup) around the router.
 * The Ant Design theme and locale of the screens live in the themed layout route (themed-outlet.tsx), which
 * every screen but /login is under.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandFrame>{children}</BrandFrame>
    </QueryClientProvider>
  );
}
