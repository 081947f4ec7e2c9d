import { useEffect, useState } from 'react';

/** False during the first `ms` after the screen mounts, then true (spec part 1 §4: no search in the first second). */
export function useQuietPeriod(ms: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setOver(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return over;
}
