import { useSyncExternalStore } from 'react';

/** Counts HTTP requests in flight so that one global indicator can show while any is pending. */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function requestStarted(): void {
  pending += 1;
  emit();
}

export function requestFinished(): void {
  pending = Math.max(0, pending - 1);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingRequestCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => 0,
  );
}
