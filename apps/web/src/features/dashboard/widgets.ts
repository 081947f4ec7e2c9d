import { useCallback, useState } from 'react';

/** The dashboard's widgets, in the order the dashboard shows them (decision 0050). */
export const DASHBOARD_WIDGETS = ['welcome', 'summary', 'news', 'events'] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];
export type WidgetChoice = Record<DashboardWidget, boolean>;

/** Kept in this browser only (spec part 2 §9: "Reset-widgets clears local storage upon confirmation"). */
export const WIDGETS_STORAGE_KEY = 'portal.dashboard.widgets';
const ALL_SHOWN: WidgetChoice = { welcome: true, summary: true, news: true, events: true };

function read(): WidgetChoice {
  try {
    const stored = JSON.parse(localStorage.getItem(WIDGETS_STORAGE_KEY) ?? '{}') as Partial<Record<string, unknown>>;
    return Object.fromEntries(
      DASHBOARD_WIDGETS.map((w) => [w, typeof stored[w] === 'boolean' ? stored[w] : true]),
    ) as WidgetChoice;
  } catch {
    return ALL_SHOWN;
  }
}

/** Which widgets this browser shows: every one until the user hides some on /widgets. */
export function useDashboardWidgets() {
  const [shown, setShown] = useState(read);
  const show = useCallback((widget: DashboardWidget, visible: boolean) => {
    setShown((current) => {
      const next = { ...current, [widget]: visible };
      localStorage.setItem(WIDGETS_STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    localStorage.removeItem(WIDGETS_STORAGE_KEY);
    setShown(ALL_SHOWN);
  }, []);
  return { shown, show, reset };
}
