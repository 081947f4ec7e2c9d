/**
 * The frame of every screen but /login, in one module for the two layout routes that wrap them (the themed outlet and
 * the signed-in layout) and the signed-in loader: one chunk of its own, the themed outlet's code, where a lazy import
 * of each asked for two (Rolldown serves a dynamic import of a module kept in the shared `app` chunk through a chunk
 * that only re-exports it; issue 25's request budget, decision 0098).
 */
export { default as AppLayout, prefetchShell } from './layout/app-layout';
export { default as ThemedOutlet } from './themed-outlet';
