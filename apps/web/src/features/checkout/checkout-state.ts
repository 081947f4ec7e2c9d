import {
  type AlternativeAddress,
  type CheckoutLocation,
  type CheckoutLocationInput,
  checkoutLocationIssues,
} from '@portal/contract/cart';

/**
 * What the user edits on one location card (the rest of the location comes from the server): exactly what
 * the contract's rules of part 1 §5 check, so the draft is their input.
 */
export type LocationDraft = Parameters<typeof checkoutLocationIssues>[0];

/** A field of a location, as the rules and the server name it (`alternativeaddressdata.city`, …). */
export type FieldIssues = Record<string, string>;

export const EMPTY_ADDRESS: AlternativeAddress = { name: '', address: '', city: '', zipcode: '', countryregionid: '' };

/** The fields in screen order: the first one with a problem takes the focus. */
export const FIELD_ORDER = [
  'dir',
  'alternativeaddressdata.name',
  'alternativeaddressdata.address',
  'alternativeaddressdata.city',
  'alternativeaddressdata.zipcode',
  'alternativeaddressdata.countryregionid',
  'dlvmode',
  'paymentmethod',
  'cust_ref',
  'web_obs',
] as const;

export function draftFromLocation(l: CheckoutLocation): LocationDraft {
  return {
    dir: l.dir,
    dlvmode: l.dlvmode,
    paymentmethod: l.paymentmethod,
    cust_ref: l.cust_ref,
    web_obs: l.web_obs,
    hasalternativeaddress: l.hasalternativeaddress,
    alternativeaddressdata: { ...EMPTY_ADDRESS, ...l.alternativeaddressdata },
  };
}

export type Defaults = { dir: number | null; dlvmode: string | null; paymentmethod: number | null };

/**
 * Fills what is still empty with the defaults. `locked` (role CartFinishedOnlyByDataDefault): the address,
 * delivery mode and payment method are the defaults, and no alternative address is used.
 */
export function withDefaults(draft: LocationDraft, defaults: Partial<Defaults>, locked: boolean): LocationDraft {
  const pick = <K extends keyof Defaults>(key: K): LocationDraft[K] => {
    const value = defaults[key];
    if (value === undefined) return draft[key];
    return (locked ? value : (draft[key] ?? value)) as LocationDraft[K];
  };
  return {
    ...draft,
    hasalternativeaddress: locked ? false : draft.hasalternativeaddress,
    dir: pick('dir'),
    dlvmode: pick('dlvmode'),
    paymentmethod: pick('paymentmethod'),
  };
}

/** The location as preparecheckout and finishcheckout take it. */
export function toLocationInput(
  l: Pick<CheckoutLocation, 'id_almacen' | 'salestableid' | 'ismylocation'>,
  draft: LocationDraft,
  confirmed: boolean,
): CheckoutLocationInput {
  return {
    id_almacen: l.id_almacen,
    salestableid: l.salestableid,
    dir: draft.hasalternativeaddress ? null : draft.dir,
    dlvmode: draft.dlvmode,
    paymentmethod: draft.paymentmethod,
    cust_ref: draft.cust_ref.trim(),
    web_obs: draft.web_obs,
    hasalternativeaddress: draft.hasalternativeaddress,
    alternativeaddressdata: draft.hasalternativeaddress ? { ...draft.alternativeaddressdata } : { ...EMPTY_ADDRESS },
    ismylocation: l.ismylocation || confirmed,
  };
}

/** The rules of part 1 §5 for one location: the first key per field. */
export function ruleIssues(draft: LocationDraft): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of checkoutLocationIssues(draft)) out[issue.field] ??= issue.key;
  return out;
}

/**
 * What a location card shows under its fields: a rule's text once the field was touched or a finish was
 * tried, otherwise what the server said about it (cleared by the screen when the field changes).
 */
export function visibleIssues(
  draft: LocationDraft,
  touched: ReadonlySet<string>,
  submitted: boolean,
  server: FieldIssues,
): FieldIssues {
  const rules = ruleIssues(draft);
  const out: FieldIssues = {};
  for (const field of new Set([...Object.keys(rules), ...Object.keys(server)])) {
    const rule = submitted || touched.has(field) ? rules[field] : undefined;
    const key = rule ?? server[field];
    if (key) out[field] = key;
  }
  return out;
}

export type MappedServerIssues = {
  /** Per store (id_almacen), per field. */
  byLocation: Record<string, FieldIssues>;
  /** Keys that belong to no field (a refused cart, a missing payment…). */
  general: string[];
};

/**
 * Puts a 400's issues back on the fields: `cartLocations.0.cust_ref` (preparecheckout) and `0.cust_ref`
 * (finishcheckout, whose body is the array) name the location by its index in what was sent.
 */
export function mapServerIssues(
  body: { message?: string; issues?: readonly { path: string; message: string }[] } | null | undefined,
  sentStores: readonly string[],
): MappedServerIssues {
  const byLocation: Record<string, FieldIssues> = {};
  const general: string[] = [];
  for (const issue of body?.issues ?? []) {
    const parts = issue.path.split('.').filter(Boolean);
    if (parts[0] === 'cartLocations') parts.shift();
    const index = parts.length > 1 && /^\d+$/.test(parts[0] ?? '') ? Number(parts[0]) : Number.NaN;
    const store = Number.isNaN(index) ? undefined : sentStores[index];
    const field = parts.slice(1).join('.');
    if (store !== undefined && field) {
      byLocation[store] ??= {};
      byLocation[store][field] ??= issue.message;
    } else if (issue.message && !general.includes(issue.message)) {
      general.push(issue.message);
    }
  }
  const placed = Object.keys(byLocation).length > 0;
  if (body?.message && !general.includes(body.message) && !(placed && isFieldRuleKey(body.message))) {
    general.unshift(body.message);
  }
  return { byLocation, general };
}

/** A key that a field already shows (so it is not repeated above the cards). */
function isFieldRuleKey(key: string): boolean {
  return key.startsWith('WARN_CheckoutERR_') && key !== 'WARN_CheckoutERR_CART';
}

/** The first field with a problem of the first location that has one, for the focus. */
export function firstIssue(
  stores: readonly string[],
  issues: Record<string, FieldIssues>,
): { store: string; field: string } | null {
  for (const store of stores) {
    const fields = issues[store] ?? {};
    const field = FIELD_ORDER.find((f) => fields[f]) ?? Object.keys(fields)[0];
    if (field) return { store, field };
  }
  return null;
}
