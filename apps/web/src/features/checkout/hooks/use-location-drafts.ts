import type { CheckoutLocation } from '@portal/contract/cart';
import { useCallback, useMemo, useState } from 'react';
import {
  type Defaults,
  draftFromLocation,
  type FieldIssues,
  type LocationDraft,
  ruleIssues,
  visibleIssues,
  withDefaults,
} from '../checkout-state';

type DraftState = {
  /** The cart and stores the drafts were made from: another cart, or a store more or less, starts again. */
  identity: string | null;
  drafts: Record<string, LocationDraft>;
  touched: Record<string, ReadonlySet<string>>;
  server: Record<string, FieldIssues>;
  submitted: boolean;
  /** The defaults already filled in (each once: a field the user empties stays empty). */
  applied: readonly (keyof Defaults)[];
};

const initial: DraftState = { identity: null, drafts: {}, touched: {}, server: {}, submitted: false, applied: [] };

/**
 * The edits of every location card, which fields were touched, the server's refusals per field, and the
 * messages each card shows (rules of part 1 §5, updated as the user types).
 */
export function useLocationDrafts(
  cartId: number | null,
  locations: readonly CheckoutLocation[],
  defaults: Partial<Defaults>,
  locked: boolean,
) {
  const [state, setState] = useState<DraftState>(initial);

  // The drafts start from the header of this cart (render-time reset, no effect needed).
  const identity = cartId === null ? null : `${cartId}|${locations.map((l) => l.id_almacen).join(',')}`;
  if (identity !== null && state.identity !== identity) {
    const drafts: Record<string, LocationDraft> = {};
    for (const l of locations) drafts[l.id_almacen] = draftFromLocation(l);
    setState({ ...initial, identity, drafts });
  }
  // Defaults that arrive (address list, payment methods) fill what is still empty, once.
  const arrived = (Object.keys(defaults) as (keyof Defaults)[]).filter(
    (k) => defaults[k] !== undefined && !state.applied.includes(k),
  );
  if (identity !== null && state.identity === identity && arrived.length > 0) {
    const now: Partial<Defaults> = Object.fromEntries(arrived.map((k) => [k, defaults[k]]));
    const drafts: Record<string, LocationDraft> = {};
    for (const [store, d] of Object.entries(state.drafts)) drafts[store] = withDefaults(d, now, locked);
    setState({ ...state, drafts, applied: [...state.applied, ...arrived] });
  }

  const drafts = useMemo(() => {
    const out: Record<string, LocationDraft> = {};
    for (const l of locations) {
      const draft = state.drafts[l.id_almacen] ?? draftFromLocation(l);
      // Locked to the defaults (CartFinishedOnlyByDataDefault): whatever the draft says.
      out[l.id_almacen] = locked ? withDefaults(draft, defaults, true) : draft;
    }
    return out;
  }, [state.drafts, locations, defaults, locked]);

  /** A change by the user: the fields count as touched and the server's word on them is dropped. */
  const change = useCallback((store: string, patch: Partial<LocationDraft>, fields: readonly string[]) => {
    setState((s) => {
      const current = s.drafts[store];
      if (!current) return s;
      const touched = new Set(s.touched[store] ?? []);
      const server = { ...(s.server[store] ?? {}) };
      for (const f of fields) {
        touched.add(f);
        delete server[f];
      }
      return {
        ...s,
        drafts: { ...s.drafts, [store]: { ...current, ...patch } },
        touched: { ...s.touched, [store]: touched },
        server: { ...s.server, [store]: server },
      };
    });
  }, []);

  /** A change made for the user (a default, a delivery mode no longer offered): nothing counts as touched. */
  const adjust = useCallback((store: string, patch: Partial<LocationDraft>) => {
    setState((s) => {
      const current = s.drafts[store];
      if (!current) return s;
      return { ...s, drafts: { ...s.drafts, [store]: { ...current, ...patch } } };
    });
  }, []);

  const setServerIssues = useCallback((server: Record<string, FieldIssues>) => {
    setState((s) => ({ ...s, server }));
  }, []);

  const markSubmitted = useCallback(() => setState((s) => (s.submitted ? s : { ...s, submitted: true })), []);

  const shown = useMemo(() => {
    const out: Record<string, FieldIssues> = {};
    for (const l of locations) {
      const draft = drafts[l.id_almacen];
      if (!draft) continue;
      out[l.id_almacen] = visibleIssues(
        draft,
        state.touched[l.id_almacen] ?? new Set(),
        state.submitted,
        state.server[l.id_almacen] ?? {},
      );
    }
    return out;
  }, [drafts, locations, state.touched, state.submitted, state.server]);

  /** Every rule problem, touched or not (what a finish attempt checks). */
  const allRuleIssues = useCallback(() => {
    const out: Record<string, FieldIssues> = {};
    for (const l of locations) {
      const draft = drafts[l.id_almacen];
      const found = draft ? ruleIssues(draft) : {};
      if (Object.keys(found).length > 0) out[l.id_almacen] = found;
    }
    return out;
  }, [drafts, locations]);

  return { drafts, shown, change, adjust, setServerIssues, markSubmitted, allRuleIssues };
}
