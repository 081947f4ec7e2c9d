import { z } from 'zod';
import { isReferenceTooShort } from './catalog.ts';
import { langParam } from './common.ts';
import { ALLOWED_TEXT, INT4_MAX, LIMITS } from './constants.ts';
import { QUANTITY } from './quantity.ts';

/**
 * Cart and checkout calls (spec part 1 §3, §5, §7 "Cart and checkout"); decisions in docs/decisions/0011.
 * Money is computed in integer cents on the server and sent as numbers with at most 2 decimals.
 */

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const quantity = z.coerce
  .number()
  .int('WARN_QuantityWhole')
  .min(QUANTITY.min, 'WARN_QuantityMin')
  .max(QUANTITY.max, 'WARN_QuantityMax');
const lineId = z.coerce.number().int().positive().max(INT4_MAX);
const storeId = z.string().trim().min(1).max(20);

/** A store where a cart line may be served, with the article's stock status there (part 1 §4). */
export const lineAvailability = z.object({
  id_almacen: z.string(),
  nombre: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  wsstock: z.number().int().nullable(),
});

/**
 * How the chosen store serves a line's quantity (issue 11): `stock` it holds the quantity; `transfer` it does
 * not, but some store has the article (status 1: it travels from there); `backorder` no store has any (status
 * 0: ordered from the supplier); `unknown` the ERP tracks no stock for the article (status 3). Null: no store.
 */
export const LINE_SUPPLY = ['stock', 'transfer', 'backorder', 'unknown'] as const;
export type LineSupply = (typeof LINE_SUPPLY)[number];

export const cartLine = z.object({
  id_linea: z.number().int(),
  id_articulo: z.number().int(),
  ref_jumasa: z.string(),
  descripcion: z.string(),
  familia_id: z.string(),
  stw_Proveedor: z.string(),
  qty: z.number().int(),
  pv1d: z.number(),
  preciocliente: z.number(),
  /** pv1d × qty and preciocliente × qty, exact to the cent. */
  listAmount: z.number(),
  netAmount: z.number(),
  inventlocationchosenid: z.string().nullable(),
  /** The stores the line may be served from: those with stock, the client's home store, all for untracked articles. */
  availabilityinvent: z.array(lineAvailability),
  supply: z.enum(LINE_SUPPLY).nullable(),
  /**
   * Why the line is served away from the client's home store (issue 25): the home store and what it holds, when
   * it holds less than the line's quantity and the line is at another store; null otherwise (at home, or the home
   * store holds the quantity and the user chose another).
   */
  homeShort: z.object({ nombre: z.string(), wsstock: z.number() }).nullable(),
  /** The line's job reference (a plate, a work order, a claim number; issue 26), null when none. */
  jobRef: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartTotals = z.object({
  lines: z.number().int(),
  units: z.number().int(),
  listAmount: z.number(),
  netAmount: z.number(),
});
export type CartTotals = z.infer<typeof cartTotals>;

/** GET /api/incheckout/getcurrentcart */
export const currentCartResponse = z.object({
  salestableid: z.number().int(),
  clientid: z.string(),
  cartitem_views: z.array(cartLine),
  /** 1 when the caller's client has a home store (the stock messages then apply). */
  ubication: z.number().int(),
  totals: cartTotals,
});
export type CurrentCartResponse = z.infer<typeof currentCartResponse>;

export const langQuery = z.object({ lang: z.preprocess(emptyToUndefined, langParam.default('es')) });

/** POST addtocurrentcartfromrefjumasa */
export const addByReferenceRequest = z.object({
  ref_jumasa: z
    .string()
    .trim()
    .max(40)
    .refine((v) => !isReferenceTooShort(v), 'WARN_REFCodeShort'),
  quantity,
  almacen: z.preprocess(emptyToUndefined, storeId.optional()),
});
/** POST editItemCart */
export const editCartLineRequest = z.object({ id: lineId, quantity });
/** POST updateItemCartStock */
export const refreshCartLineRequest = z.object({ id: lineId });
/** POST deleteFromCart: takes qty units off a line; the line goes when none is left. */
export const takeFromCartRequest = z.object({ itemid: lineId, qty: quantity });
/** POST setinventorylocationtrans: the store chosen for a line (salesid is the line id). */
export const chooseLineStoreRequest = z.object({ salesid: lineId, locationid: storeId });
export const cartLineIdParams = z.object({ id: lineId });
export const cartChangeResponse = z.object({ count: z.number().int(), line: cartLine.nullable() });

/**
 * A job reference per cart line (issue 26; docs/decisions/0081): optional, trimmed, at most 40 characters without
 * control characters; empty is none. Copied to the web order's line when the order is placed, and searchable.
 */
export const JOB_REF = { maxLength: 40, tooLong: 'WARN_JobRefTooLong', invalid: 'WARN_JobRefInvalid' } as const;
export const jobRef = z
  .string()
  .trim()
  .max(JOB_REF.maxLength, JOB_REF.tooLong)
  .refine((s) => !/\p{Cc}/u.test(s), JOB_REF.invalid)
  .transform((s) => (s === '' ? null : s));
/** POST setjobref: a line's job reference (null or '' clears it). */
export const setJobRefRequest = z.object({ id: lineId, jobRef: z.preprocess((v) => v ?? '', jobRef) });

/** GET getubicacioncod */
export const ubicationResponse = z.object({
  ubicacion: z.string().nullable(),
  nombre: z.string().nullable(),
  ubication: z.number().int(),
});
/** GET ShowMessage / ReturnMessage (origen: a store a line is served from). */
export const stockMessageQuery = z.object({ origen: storeId });
export const showMessageResponse = z.object({ show: z.boolean() });
export const returnMessageResponse = z.object({ mensaje: z.string().nullable() });
/** GET getmessagesbyuser/: the active messages for goods travelling to the caller's home store. */
export const userStockMessages = z.array(
  z.object({
    id: z.number().int(),
    origen: z.string(),
    origenNombre: z.string(),
    destino: z.string(),
    mensaje: z.string(),
  }),
);

/** Addresses, delivery modes, payment methods. */
export const addressListResponse = z.object({
  selected: z.number().int().nullable(),
  addrlist: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type AddressListResponse = z.infer<typeof addressListResponse>;
export const clientIdQuery = z.object({ id_cliente: z.string().trim().min(1).max(20) });
export const dlvModesQuery = z.object({
  inventlocation: z.preprocess(emptyToUndefined, storeId.optional()),
  addressid: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(INT4_MAX).optional()),
  isAddressWeb: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()),
});
export const dlvModesResponse = z.object({
  selected: z.string().nullable(),
  dlvmodes: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type DlvModesResponse = z.infer<typeof dlvModesResponse>;
/** Canal_Pago_Cod: 0 cash, 2 card through the payment page. */
export const PAYMENT_CHANNEL = { cash: 0, card: 2 } as const;
export const paymentMethodsResponse = z.object({
  availablemethods: z.array(
    z.object({ id: z.number().int(), paymentmodelabel: z.string(), channel: z.number().int() }),
  ),
  default: z.number().int().nullable(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

/** Checkout: one location per store of the cart (part 1 §3). */
const ok = (v: string) => ALLOWED_TEXT.test(v);

/**
 * The characters of a text that the reference and remark rule refuses (part 1 §9: letters, digits, whitespace,
 * hyphen), each once, in order of appearance: what the checkout names ("No se permiten: , :").
 */
export function disallowedCharacters(text: string): string[] {
  const out: string[] = [];
  for (const ch of Array.from(text)) if (!ALLOWED_TEXT.test(ch) && !out.includes(ch)) out.push(ch);
  return out;
}

/** The text without the characters the rule refuses (the checkout's one-click fix). */
export function withoutDisallowedCharacters(text: string): string {
  return Array.from(text)
    .filter((ch) => ALLOWED_TEXT.test(ch))
    .join('');
}
export const alternativeAddress = z.object({
  name: z.string().max(LIMITS.alternativeAddressMaxLength).default(''),
  address: z.string().max(200).default(''),
  city: z.string().max(LIMITS.alternativeAddressMaxLength).default(''),
  zipcode: z.string().max(20).default(''),
  countryregionid: z.string().max(3).default(''),
});
export type AlternativeAddress = z.infer<typeof alternativeAddress>;

export const checkoutItem = z.object({ namealias: z.string(), name: z.string(), qty: z.number().int() });
export const checkoutLocation = z.object({
  id_almacen: z.string(),
  nombre: z.string(),
  items: z.array(checkoutItem),
  dir: z.number().int().nullable(),
  dlvmode: z.string().nullable(),
  paymentmethod: z.number().int().nullable(),
  cust_ref: z.string(),
  web_obs: z.string(),
  hasalternativeaddress: z.boolean(),
  alternativeaddressdata: alternativeAddress,
  ismylocation: z.boolean(),
  salestableid: z.number().int(),
  listAmount: z.number(),
  /** The base: the lines at the client's net prices. */
  netAmount: z.number(),
  /** The client's VAT rate in percent (21, 23, 0), the VAT of this store rounded once, and base + VAT (decision 0019). */
  vatRate: z.number(),
  vatAmount: z.number(),
  totalAmount: z.number(),
});
export type CheckoutLocation = z.infer<typeof checkoutLocation>;

export const checkoutHeader = z.object({
  salestableid: z.number().int(),
  /** The current card-payment attempt (its order number), '' when none. */
  tarjetaid: z.string(),
  /** The web orders made from this cart, once finished. */
  salesid: z.array(z.number().int()),
  clientid: z.string(),
  finished: z.boolean(),
  cartlocations: z.array(checkoutLocation),
  totals: cartTotals,
  /** The stores' VAT and totals added up (decision 0019). */
  vatAmount: z.number(),
  totalAmount: z.number(),
  /** Why the client pays no VAT (an intra-community delivery), null when it pays it. */
  vatExemptReason: z.string().nullable(),
});
export type CheckoutHeader = z.infer<typeof checkoutHeader>;
export const cartIdQuery = langQuery.extend({ salesid: lineId });

/**
 * A location as the browser sends it back. Field rules are the checkout rules of part 1 §5; every rule has
 * its key, and the server checks them all (the web shows them inline).
 */
export const checkoutLocationInput = z.object({
  id_almacen: storeId,
  salestableid: lineId,
  dir: z.preprocess(emptyToUndefined, lineId.nullable().default(null)),
  dlvmode: z.preprocess(emptyToUndefined, z.string().max(20).nullable().default(null)),
  paymentmethod: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().nullable().default(null)),
  cust_ref: z.string().default(''),
  web_obs: z.string().max(LIMITS.remarkMaxLength).default(''),
  hasalternativeaddress: z.boolean().default(false),
  alternativeaddressdata: alternativeAddress.default({
    name: '',
    address: '',
    city: '',
    zipcode: '',
    countryregionid: '',
  }),
  ismylocation: z.boolean().optional(),
});
export type CheckoutLocationInput = z.infer<typeof checkoutLocationInput>;

/** The rule keys of part 1 §5, in the order the web checks them. */
export const CHECKOUT_RULES = {
  cart: 'WARN_CheckoutERR_CART',
  payment: 'WARN_CheckoutERR_PAYMENT',
  /** An empty reference. */
  custRef: 'WARN_CheckoutERR_CUSTREF',
  /** A reference over LIMITS.custRefMaxLength characters (its own message: the input stops at the limit). */
  custRefLength: 'WARN_CheckoutERR_CUSTREF_LENGTH',
  custRefChars: 'WARN_CheckoutERR_CUSTREF_CHARACTERS',
  webObsChars: 'WARN_CheckoutERR_WEBOBS_CHARACTERS',
  dlv: 'WARN_CheckoutERR_DLV',
  address: 'WARN_CheckoutERR_DLV_ADDR',
  altAddress: 'WARN_CheckoutERR_DLV_CUSTOMADDR_ADDRESS',
  altCountry: 'WARN_CheckoutERR_DLV_CUSTOMADDR_COUNTRY',
  altCity: 'WARN_CheckoutERR_DLV_CUSTOMADDR_CITY',
  altZip: 'WARN_CheckoutERR_DLV_CUSTOMADDR_ZIPCODE',
  altName: 'WARN_CheckoutERR_DLV_CUSTOMADDR_NAME',
  altCountryChars: 'WARN_CheckoutERR_DLV_CUSTOMADDR_COUNTRY_CHARACTERS',
  altCityChars: 'WARN_CheckoutERR_DLV_CUSTOMADDR_CITY_CHARACTERS',
  altZipChars: 'WARN_CheckoutERR_DLV_CUSTOMADDR_ZIPCODE_CHARACTERS',
  altNameChars: 'WARN_CheckoutERR_DLV_CUSTOMADDR_NAME_CHARACTERS',
  defaultsOnly: 'WARN_CheckoutERR_DEFAULT_DATA_ONLY',
} as const;

export type RuleIssue = { field: string; key: string };

/**
 * The field rules of one location (part 1 §5): the same function runs in the browser (inline messages) and
 * on the server (which also checks the choices against the caller's own addresses, modes and methods).
 */
export function checkoutLocationIssues(l: {
  dir: number | null;
  dlvmode: string | null;
  paymentmethod: number | null;
  cust_ref: string;
  web_obs: string;
  hasalternativeaddress: boolean;
  alternativeaddressdata: AlternativeAddress;
}): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (field: string, key: string) => issues.push({ field, key });
  if (l.paymentmethod === null) add('paymentmethod', CHECKOUT_RULES.payment);
  const ref = l.cust_ref.trim();
  if (ref.length === 0) add('cust_ref', CHECKOUT_RULES.custRef);
  else if (ref.length > LIMITS.custRefMaxLength) add('cust_ref', CHECKOUT_RULES.custRefLength);
  else if (!ok(ref)) add('cust_ref', CHECKOUT_RULES.custRefChars);
  if (!ok(l.web_obs)) add('web_obs', CHECKOUT_RULES.webObsChars);
  if (!l.dlvmode) add('dlvmode', CHECKOUT_RULES.dlv);
  if (!l.hasalternativeaddress) {
    if (l.dir === null) add('dir', CHECKOUT_RULES.address);
    return issues;
  }
  const a = l.alternativeaddressdata;
  const address = a.address.trim();
  // Required and at most 80 characters: one key says both. Street addresses keep their punctuation.
  if (address.length === 0 || address.length > LIMITS.alternativeAddressMaxLength)
    add('alternativeaddressdata.address', CHECKOUT_RULES.altAddress);
  const texts = [
    ['countryregionid', a.countryregionid, CHECKOUT_RULES.altCountry, CHECKOUT_RULES.altCountryChars],
    ['city', a.city, CHECKOUT_RULES.altCity, CHECKOUT_RULES.altCityChars],
    ['zipcode', a.zipcode, CHECKOUT_RULES.altZip, CHECKOUT_RULES.altZipChars],
    ['name', a.name, CHECKOUT_RULES.altName, CHECKOUT_RULES.altNameChars],
  ] as const;
  for (const [field, value, required, chars] of texts) {
    if (value.trim().length === 0) add(`alternativeaddressdata.${field}`, required);
    else if (!ok(value)) add(`alternativeaddressdata.${field}`, chars);
  }
  return issues;
}

export const prepareCheckoutRequest = z.object({
  salesTableId: z.coerce.number().int().positive(),
  cartLocations: z.array(checkoutLocationInput).min(1, 'WARN_CheckoutERR_CART').max(50),
  tarjetaId: z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().max(12)),
});
export type PrepareCheckoutRequest = z.infer<typeof prepareCheckoutRequest>;
export const prepareCheckoutResponse = z.object({
  paymentchannel: z.number().int(),
  urlaction: z.string(),
  ds_signature: z.string(),
  ds_signatureversion: z.string(),
  ds_merchantparameters: z.string(),
  /** The payment attempt (DS_MERCHANT_ORDER) when paying by card, else ''. */
  tarjetaid: z.string(),
  /** Amount charged to the card, in euros: the card locations' totals, VAT included (decision 0019). */
  amount: z.number(),
});
export type PrepareCheckoutResponse = z.infer<typeof prepareCheckoutResponse>;

export const finishCheckoutRequest = z.array(checkoutLocationInput).min(1, 'WARN_CheckoutERR_CART').max(50);
export const finishCheckoutResponse = z.object({
  salestableid: z.number().int(),
  tarjetaid: z.string(),
  weborders: z.array(
    z.object({
      id: z.number().int(),
      id_almacen: z.string(),
      nombre: z.string(),
      netAmount: z.number(),
      /** Null for orders made before VAT was recorded (migration 0015). */
      vatAmount: z.number().nullable(),
      totalAmount: z.number().nullable(),
      payment: z.string(),
    }),
  ),
  /** Where the purchase receipt is: /my-cart/checkoutresult/{tarjetaid}/{salestableid}. */
  receiptUrl: z.string(),
});
export type FinishCheckoutResponse = z.infer<typeof finishCheckoutResponse>;
/** POST processcheckout: finish a cart from its stored checkout (after the payment page). */
export const processCheckoutRequest = z.object({ salesTableId: z.coerce.number().int().positive() });

/** Third brand: the client a staff member is buying for. */
export const cartClientsQuery = z.object({
  orderBy: z.preprocess(emptyToUndefined, z.enum(['AccountNum', 'Name']).default('AccountNum')),
});
export const cartClientsResponse = z.array(z.object({ accountnum: z.string(), name: z.string() }));
export const currentCartClientResponse = z.object({ accountnum: z.string(), name: z.string() });
export const setCartClientRequest = z.object({ custAccount: z.string().trim().min(1).max(20) });

/** Receipt: GET /api/incheckout/receipt/{tarjetaId}/{cartId} (PDF). */
export const receiptParams = z.object({
  tarjetaId: z.string().regex(/^[0-9A-Za-z]{1,12}$/),
  cartId: z.coerce.number().int().positive(),
});
