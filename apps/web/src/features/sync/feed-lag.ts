/** How far behind the ERP a feed's batch was, for the sync screen: seconds, minutes or hours; a dash when unknown. */
export function feedLag(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
