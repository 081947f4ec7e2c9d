import { type KeyboardEvent, useCallback, useRef } from 'react';

const ITEM = '[data-result-index]';

/** Items sharing the first item's row: the step of the up and down arrows in the grid. */
function columnsOf(items: HTMLElement[]): number {
  const top = items[0]?.getBoundingClientRect().top;
  if (top === undefined) return 1;
  const columns = items.filter((item) => Math.abs(item.getBoundingClientRect().top - top) < 4).length;
  return Math.max(1, columns);
}

/**
 * Arrow keys move the focus through the results (grid: left/right one item, up/down one row; list:
 * up/down one row), Home/End jump to the ends. Each result opens itself on Enter (see openOnEnter).
 */
export function useResultNavigation() {
  const containerRef = useRef<HTMLDivElement>(null);

  const items = useCallback(() => [...(containerRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])], []);

  const focusFirst = useCallback(() => {
    const first = items()[0];
    first?.focus();
    return first !== undefined;
  }, [items]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      // Keys typed into a control inside a result (quantity, button) belong to that control.
      if (!target.matches(ITEM)) return;
      const list = items();
      const index = list.indexOf(target);
      if (index < 0) return;
      const columns = columnsOf(list);
      const moves: Record<string, number> = {
        ArrowRight: index + 1,
        ArrowLeft: index - 1,
        ArrowDown: index + columns,
        ArrowUp: index - columns,
        Home: 0,
        End: list.length - 1,
      };
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      list[Math.min(list.length - 1, Math.max(0, next))]?.focus();
    },
    [items],
  );

  return { containerRef, onKeyDown, focusFirst };
}

/** Enter or Space on the result itself (not on a control inside it) opens it. */
export function openOnEnter(open: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    open();
  };
}
