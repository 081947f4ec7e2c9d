import { z } from 'zod';
import { langParam } from './common.ts';
import { LIMITS } from './constants.ts';
import { QUANTITY } from './quantity.ts';

/** Product families (spec part 1 §3): labels are the dictionary keys FAMILY_{code}. */
export const FAMILY_CODES = ['01', '02', '24', '25', '26', '27', '28', '29'] as const;
export const GLASS_FAMILY = '28';
export const MAX_PAGE_SIZE = 100;
export const PLATE_COUNTRIES = ['ES', 'PT', 'FR', 'IT'] as const;

/** Stock status of a product in a store (spec part 1 §4). */
export const STOCK_STATUS = { none: 0, otherStore: 1, available: 2, noInfo: 3 } as const;
export type StockStatus = 0 | 1 | 2 | 3;
/** The four statuses in the order the legend shows them. */
export const STOCK_STATUSES = [2, 1, 0, 3] as const satisfies readonly StockStatus[];

/**
 * Catalogue stock filter (issue 11): `home` in stock in the caller's home store, `any` in stock in some store.
 * Sort: `ref` by reference (default), `price` by the caller's net price; `order` gives the direction of either.
 */
export const STOCK_FILTERS = ['home', 'any'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export const PRODUCT_SORTS = ['ref', 'price'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Our references are compared ignoring case, spaces, dashes and dots. */
export const normalizeReference = (value: string) => value.toUpperCase().replace(/[\s.\-_/]/g, '');
/**
 * Spec part 1 §5: a reference needs at least `LIMITS.referenceMinLength` characters, counted after normalising (case,
 * spaces, dashes, dots, underscores and slashes do not count: "AB-CD" is 4). The one rule of the catalogue's reference
 * search, the cart's add-by-reference and the web's fields (decision 0071).
 */
export const isReferenceTooShort = (value: string) =>
  normalizeReference(value.trim()).length < LIMITS.referenceMinLength;
/**
 * OEM and EUROCODE codes are compared like references: case, spaces, dashes, dots, underscores and slashes do
 * not count ("3E2 478 706 U", the way the portal prints OEM codes, is 3E2478706U).
 */
export const normalizeCode = normalizeReference;
/**
 * The catalogue's free text as it is searched (docs/decisions/0009): up to 8 words, lower case; each must appear in
 * the reference, the description or the codes. The search query's `filter` is parsed to these words once, here; the
 * server's service, search and repository take them as they are.
 */
export const SEARCH_WORDS_MAX = 8;
export const searchWords = (text: string | undefined): string[] =>
  (text ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS_MAX);
/** Licence plates are compared ignoring case, spaces and dashes. */
export const normalizePlate = (value: string) => value.toUpperCase().replace(/[\s\-.]/g, '');

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional());
const flag = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v === true || v === 'true' || v === '1'),
  z.boolean().optional(),
);
/** An OEM or EUROCODE code, normalised (a code that normalises to nothing is no search). */
const code = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .max(40)
    .transform((v) => normalizeCode(v) || undefined)
    .optional(),
);

/** GET /api/product/getlist (and getlistcontent, getlist2, getlist2content): see docs/decisions/0009. */
export const productListQuery = z.object({
  lang: z.preprocess(emptyToUndefined, langParam.default('es')),
  pageIndex: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
  pageSize: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, 'WARN_PageSizeTooLarge').default(LIMITS.catalogPageSize),
  ),
  marca: optionalId,
  modelo: optionalId,
  motor: optionalId,
  familia: z.preprocess(emptyToUndefined, z.enum(FAMILY_CODES).optional()),
  /** Free text, up to 100 characters; parsed, its words (`searchWords`; none when absent). */
  filter: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()).transform(searchWords),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('asc')),
  sort: z.preprocess(emptyToUndefined, z.enum(PRODUCT_SORTS).default('ref')),
  stock: z.preprocess(emptyToUndefined, z.enum(STOCK_FILTERS).optional()),
  novelty: flag,
  offer: flag,
  manufacturerrefOEM: code,
  manufacturerrefEUROCODE: code,
  searchbyreference: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(40)
      .refine((v) => !isReferenceTooShort(v), 'WARN_REFCodeShort')
      .optional(),
  ),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const storeStock = z.object({
  id_almacen: z.string(),
  /** The store's name (the web labels the dots with it). */
  nombre: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
});

/** One catalogue record (spec part 1 §3 Product). Prices and stock only for signed-in callers. */
export const product = z.object({
  id_articulo: z.number().int(),
  ref_jumasa: z.string(),
  stw_Proveedor: z.string(),
  familia_id: z.string(),
  descripcion: z.string(),
  modelo_id: z.number().int().nullable(),
  nombremarca: z.string().nullable(),
  nombremodelo: z.string().nullable(),
  novelty: z.boolean(),
  offer: z.boolean(),
  eurocode: z.string().nullable(),
  oem: z.array(z.string()),
  image: z.string().nullable(),
  pv1d: z.number().nullable(),
  preciocliente: z.number().nullable(),
  permitircompra: z.boolean(),
  stock: z.array(storeStock).nullable(),
});
export type Product = z.infer<typeof product>;

export const productListResponse = z.object({
  records: z.array(product),
  /** Matches, counted up to 1000 (see `more`). */
  count: z.number().int(),
  /** True when more articles match than were counted: refine the search. */
  more: z.boolean().optional(),
  /** Set when a code search found nothing: WARN_SearchByOEM_NotFound. */
  message: z.string().optional(),
  /**
   * Set when words of the free text are in no article and were corrected against the catalogue's words (decision
   * 0068): the text searched instead (the screen says "Buscado: pastillas") and each word changed. Absent when the
   * words were found as typed, and when the corrected text finds nothing either.
   */
  corrected: z
    .object({
      filter: z.string(),
      words: z.array(z.object({ typed: z.string(), word: z.string() })),
    })
    .optional(),
});
export type ProductListResponse = z.infer<typeof productListResponse>;

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const priceResponse = z.object({ id_articulo: z.number().int(), pv1d: z.number(), preciocliente: z.number() });

export const productDetailQuery = z.object({
  lang: z.preprocess(emptyToUndefined, langParam.default('es')),
  modelid: optionalId,
  marca: optionalId,
  modelo: optionalId,
});
export const fitment = z.object({
  marca_id: z.number().int(),
  marca: z.string(),
  modelo_id: z.number().int(),
  modelo: z.string(),
  motor_id: z.number().int().nullable(),
  motor: z.string().nullable(),
  years: z.string(),
});
export const productDetail = z.object({
  product,
  images: z.array(z.string()),
  fitments: z.array(fitment),
  related_same_family: z.array(product),
  related_other_families: z.array(product),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const option = z.object({ id: z.number().int(), label: z.string() });
export const optionList = z.array(option);
export type Option = z.infer<typeof option>;
export const modelsQuery = z.object({ brand: z.coerce.number().int().positive() });
export const motorizationsQuery = z.object({
  brand: z.coerce.number().int().positive(),
  model: z.coerce.number().int().positive(),
});
export const brandsByIdQuery = z.object({ id: z.coerce.number().int().positive() });

/** POST /api/product/getbyplate */
export const plateRequest = z.object({
  country: z.preprocess(emptyToUndefined, z.enum(PLATE_COUNTRIES, 'WARN_PlateSearchCountryUndefined')),
  plateText: z.string().trim().min(2, 'WARN_PlateTextRequired').max(16),
});
export const plateResponse = z.object({
  jummodel: z
    .object({
      jumdescriptionshort: z.string(),
      jumdescriptionlarge: z.string(),
      jummotorization: z.string(),
      marca_id: z.number().int(),
      modelo_id: z.number().int(),
      motor_id: z.number().int().nullable(),
    })
    .nullable(),
  log: z.number().int(),
  message: z.string().optional(),
});
export type PlateResponse = z.infer<typeof plateResponse>;

/** GET /api/product/checkAvailability/{id} */
export const availabilityQuery = z.object({
  familia: z.preprocess(emptyToUndefined, z.string().max(4).optional()),
  referencia: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
  lang: z.preprocess(emptyToUndefined, langParam.default('es')),
});
export const availabilityResponse = z.object({
  availabilityinvent: z.array(
    z.object({
      id_almacen: z.string(),
      nombre: z.string(),
      city: z.string(),
      status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      wsstock: z.number().int().nullable(),
    }),
  ),
  wsstock: z.number().int(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

/** Technical files. */
export const technicalFilesQuery = z.object({
  marca: z.string().trim().min(1).max(40),
  ref_jumasa: z.string().trim().min(1).max(40),
});
export const faqFamilyFilesQuery = z.object({ familyid: z.enum(FAMILY_CODES) });
export const technicalFileList = z.array(z.object({ name: z.string(), fullPath: z.string(), size: z.number().int() }));
export const technicalFileQuery = z.object({ fullPath: z.string().min(1).max(300) });

/** Minimal cart calls used by the catalogue (the cart issue completes them). */
export const addToCartRequest = z.object({
  id_articulo: z.number().int().positive(),
  quantity: z.number().int('WARN_QuantityWhole').min(QUANTITY.min, 'WARN_QuantityMin').max(QUANTITY.max),
  ref_model: z.number().int().positive().nullable().optional(),
  stw_Proveedor: z.string().max(40).nullable().optional(),
  searchLogId: z.number().int().positive().nullable().optional(),
});
export const cartLengthResponse = z.number().int();
