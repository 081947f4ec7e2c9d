import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingRequestCount } from '@/lib/pending-requests';

/** A thin bar at the top of the window while any HTTP request is pending (after 120 ms, to avoid flicker). */
export function GlobalProgress({ color }: { color: string }) {
  const { t } = useTranslation();
  const pending = usePendingRequestCount();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), 120);
    return () => window.clearTimeout(timer);
  }, [pending]);

  if (!visible) return null;
  return (
    <div
      className="global-progress"
      role="progressbar"
      aria-label={t('UI_Loading')}
      data-testid="global-progress"
      style={{ ['--progress-color' as string]: color }}
    />
  );
}
