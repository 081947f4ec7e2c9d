import { useMatches } from 'react-router';

/** What a route tells the layout: the dictionary key of its page title (shown in the ribbon). */
export type RouteHandle = { title?: string };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** The title key of the deepest matched route that has one. */
export function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle) && handle.title) return handle.title;
  }
  return undefined;
}
