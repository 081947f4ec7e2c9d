import {
  FAMILY_CODES,
  normalizeCode,
  PLATE_COUNTRIES,
  type ProductSort,
  isReferenceTooShort as referenceTooShort,
  STOCK_FILTERS,
  type StockFilter,
} from '@portal/contract/catalog';
import { type LanguageKey, LIMITS } from '@portal/contract/constants';
import type { ProductListParams } from './api/get-product-list';

export type FamilyCode = (typeof FAMILY_CODES)[number];
export type PlateCountry = (typeof PLATE_COUNTRIES)[number];
export type CatalogView = 'grid' | 'list';

/** The whole catalogue search as the URL query string holds it (back, forward, reload and shared links). */
export type CatalogSearch = {
  marca: number | undefined;
  modelo: number | undefined;
  motor: number | undefined;
  familia: FamilyCode | undefined;
  filter: string;
  ref: string;
  oem: string;
  eurocode: string;
  novelty: boolean;
  offer: boolean;
  order: 'asc' | 'desc';
  /** By reference (default) or by the customer's price; `order` is the direction of either. */
  sort: ProductSort;
  /** Only articles in stock in the customer's home store, or in any store. */
  stock: StockFilter | undefined;
  /** 1-based page of the results. */
  page: number;
  view: CatalogView;
  /** The plate search that chose the vehicle, kept to show it and to send its log id with cart lines. */
  plate: string;
  country: PlateCountry;
  logid: number | undefined;
};

export type SearchPatch = Partial<CatalogSearch>;

/** The fields typed into text inputs: they wait 600 ms after typing stops (or Enter) before searching. */
export const TEXT_FIELDS = ['filter', 'ref', 'oem', 'eurocode'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};
const isFamily = (value: string | null): value is FamilyCode =>
  value !== null && (FAMILY_CODES as readonly string[]).includes(value);
const isCountry = (value: string | null): value is PlateCountry =>
  value !== null && (PLATE_COUNTRIES as readonly string[]).includes(value);
const text = (value: string | null, max = 100) => (value ?? '').slice(0, max);

/** Reads the search from the query string; unknown or malformed values fall back to their defaults. */
export function readSearch(params: URLSearchParams): CatalogSearch {
  const familia = params.get('familia');
  const country = params.get('country');
  const stock = params.get('stock');
  return {
    marca: positiveInt(params.get('marca')),
    modelo: positiveInt(params.get('modelo')),
    motor: positiveInt(params.get('motor')),
    familia: isFamily(familia) ? familia : undefined,
    filter: text(params.get('filter')),
    ref: text(params.get('ref'), 40),
    oem: text(params.get('oem'), 40),
    eurocode: text(params.get('eurocode'), 40),
    novelty: params.get('novelty') === '1',
    offer: params.get('offer') === '1',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    sort: params.get('sort') === 'price' ? 'price' : 'ref',
    stock: (STOCK_FILTERS as readonly string[]).includes(stock ?? '') ? (stock as StockFilter) : undefined,
    page: positiveInt(params.get('page')) ?? 1,
    view: params.get('view') === 'list' ? 'list' : 'grid',
    plate: text(params.get('plate'), 16),
    country: isCountry(country) ? country : 'ES',
    logid: positiveInt(params.get('logid')),
  };
}

/** Writes a search back as a short query string: defaults and empty values are left out. */
export function searchToParams(search: CatalogSearch): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined | false) => {
    if (value !== undefined && value !== false && value !== '') params.set(key, String(value));
  };
  set('marca', search.marca);
  set('modelo', search.modelo);
  set('motor', search.motor);
  set('familia', search.familia);
  set('filter', search.filter.trim());
  set('ref', search.ref.trim());
  set('oem', search.oem.trim());
  set('eurocode', search.eurocode.trim());
  set('novelty', search.novelty && '1');
  set('offer', search.offer && '1');
  set('order', search.order === 'desc' && 'desc');
  set('sort', search.sort === 'price' && 'price');
  set('stock', search.stock);
  set('page', search.page > 1 && search.page);
  set('view', search.view === 'list' && 'list');
  if (search.plate) {
    set('plate', search.plate);
    set('country', search.country);
  }
  set('logid', search.logid);
  return params;
}

const PAGING_ONLY = new Set<keyof CatalogSearch>(['page', 'view']);

/**
 * Applies a change to a search. Any change of what is searched goes back to the first page. Choosing
 * another vehicle by hand forgets the plate search that had chosen it.
 */
export function applyPatch(current: CatalogSearch, patch: SearchPatch): CatalogSearch {
  const next = { ...current, ...patch };
  const keys = Object.keys(patch) as (keyof CatalogSearch)[];
  if (keys.some((k) => !PAGING_ONLY.has(k)) && !('page' in patch)) next.page = 1;
  const vehicleChanged = (['marca', 'modelo', 'motor'] as const).some((k) => k in patch && patch[k] !== current[k]);
  if (vehicleChanged && !('logid' in patch)) {
    next.logid = undefined;
    next.plate = '';
  }
  return next;
}

/** A reference search typed but too short (the contract's one rule; an empty field is no search, not a short one). */
export function isReferenceTooShort(ref: string): boolean {
  return ref.trim().length > 0 && referenceTooShort(ref);
}

/** True when the search names a vehicle: the list then comes from getlist2 (one record per fitting model). */
export function hasVehicle(search: CatalogSearch): boolean {
  return search.marca !== undefined || search.modelo !== undefined;
}

/** The getlist parameters of a search (a reference too short to search is left out: the caller does not search). */
export function toListParams(search: CatalogSearch, lang: LanguageKey): ProductListParams {
  const ref = search.ref.trim();
  return {
    lang,
    pageIndex: search.page - 1,
    pageSize: LIMITS.catalogPageSize,
    marca: search.marca,
    modelo: search.modelo,
    motor: search.motor,
    familia: search.familia,
    filter: search.filter.trim() || undefined,
    order: search.order,
    sort: search.sort === 'price' ? 'price' : undefined,
    stock: search.stock,
    novelty: search.novelty || undefined,
    offer: search.offer || undefined,
    manufacturerrefOEM: normalizeCode(search.oem) || undefined,
    manufacturerrefEUROCODE: normalizeCode(search.eurocode) || undefined,
    searchbyreference: ref && !isReferenceTooShort(ref) ? ref : undefined,
  };
}
