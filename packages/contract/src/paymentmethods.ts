/**
 * Payment methods, kept by admins (issue 16; spec part 2 §3, §9; /api/inpaymentmethod, decision 0042): the forms,
 * channels and calculation types, the grid, the detail and its rules.
 */
import { z } from 'zod';
import { PAYMENT_CHANNEL } from './cart.ts';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { ERP_NAME_MAX, erpNamesInput, erpNamesRead } from './erp-names.ts';
import { errorBody } from './errors.ts';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';

/** The dictionary keys the payment methods answer with; the web shows the same ones. */
export const PAYMENT_METHODS_MESSAGES = {
  saved: 'WARN_SaveOK',
  nameRequired: 'MSG_RulesNameRequired',
  nameTooLong: 'MSG_RulesNameTooLong',
  descriptionTooLong: 'MSG_RulesDescriptionTooLong',
  formInvalid: 'MSG_RulesPaymentFormInvalid',
  channelInvalid: 'MSG_RulesPaymentChannelInvalid',
  channelMismatch: 'MSG_RulesPaymentChannelMismatch',
  calcTypeInvalid: 'MSG_RulesCalcTypeInvalid',
  percentInvalid: 'MSG_RulesPercentInvalid',
  clientUnknown: 'MSG_RulesClientUnknown',
  emailInvalid: 'MSG_RulesEmailInvalid',
} as const;

export const PAYMENT_METHODS_LIMITS = {
  nameMax: 60,
  descriptionMax: 250,
  emailMax: 254,
  /** A payment method's surcharge or discount, in basis points of the base (decision 0042): at most 20 %. */
  percentBpMax: 2000,
} as const;

const INT_MAX = 2_147_483_647;
export const idParams = z.object({ id: z.coerce.number().int().min(1).max(INT_MAX) });

// ---------------------------------------------------------------- payment methods

/**
 * Payment forms (part 2 §9). A card pays through the card channel (the card terminal, TPV), cash through cash: the
 * channels are `PAYMENT_CHANNEL` of cart.ts, the one constant the checkout uses too.
 */
export const PAYMENT_FORMS = { cash: 0, card: 1 } as const;
/**
 * NOSYNC_PaymentmethodCalcType (decision 0042): 0 nothing, 1 a surcharge, 2 a discount, each a percentage of the
 * store's base (its net amount) with two decimals, applied at checkout before VAT.
 */
export const PAYMENT_CALC_TYPES = { none: 0, surcharge: 1, discount: 2 } as const;
export type PaymentCalcType = (typeof PAYMENT_CALC_TYPES)[keyof typeof PAYMENT_CALC_TYPES];

/** "2,5" or 2.5 → 250 basis points; null when it is not a percentage with at most two decimals. */
export function percentToBp(value: unknown): number | null {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** The payment method grid's row and the detail (spec part 2 §3 "Payment method"). */
export const paymentMethod = z.object({
  Id_Tarjeta: z.number().int(),
  Nombre: z.string(),
  Descripcion: z.string(),
  Forma_Pago_Cod: z.number().int(),
  Canal_Pago_Cod: z.number().int(),
  NOSYNC_PaymentmethodCalcType: z.number().int(),
  /** The surcharge or discount as a percentage (2.5 is 2,5 %); 0 with calculation type 0. */
  Porcentaje: z.number(),
  SW_Activo: z.boolean(),
  /** The client a method is offered to alone; null: every client. */
  Cliente_Id: z.string().nullable(),
  Cliente_Nombre: z.string().nullable(),
  /** The admins' names by language (decision 0091); Nombre is the ERP's. */
  NAMES: erpNamesRead,
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** POST putpaymentmethod/: Id_Tarjeta 0 (or absent) is a new method; `c_id` offers a new one to that client only. */
export const putPaymentMethodBody = z
  .object({
    Id_Tarjeta: z.coerce.number().int().min(0).max(INT_MAX).default(0),
    Nombre: z
      .string({ message: PAYMENT_METHODS_MESSAGES.nameRequired })
      .trim()
      .min(1, { message: PAYMENT_METHODS_MESSAGES.nameRequired })
      .max(PAYMENT_METHODS_LIMITS.nameMax, { message: PAYMENT_METHODS_MESSAGES.nameTooLong }),
    Descripcion: z
      .string()
      .trim()
      .max(PAYMENT_METHODS_LIMITS.descriptionMax, { message: PAYMENT_METHODS_MESSAGES.descriptionTooLong })
      .default(''),
    Forma_Pago_Cod: z.union([z.literal(0), z.literal(1)], { message: PAYMENT_METHODS_MESSAGES.formInvalid }),
    Canal_Pago_Cod: z.union([z.literal(PAYMENT_CHANNEL.cash), z.literal(PAYMENT_CHANNEL.card)], {
      message: PAYMENT_METHODS_MESSAGES.channelInvalid,
    }),
    NOSYNC_PaymentmethodCalcType: z.union([z.literal(0), z.literal(1), z.literal(2)], {
      message: PAYMENT_METHODS_MESSAGES.calcTypeInvalid,
    }),
    Porcentaje: z.union([z.number(), z.string().max(10)]).default(0),
    SW_Activo: z.boolean().default(true),
    c_id: z.string().trim().max(20).optional(),
    /** The names by language (decision 0091); left out: kept as they are. */
    NAMES: erpNamesInput(ERP_NAME_MAX.paymentMethod).optional(),
  })
  .transform((v, ctx) => {
    const bp = percentToBp(v.Porcentaje);
    if (v.Forma_Pago_Cod === PAYMENT_FORMS.card && v.Canal_Pago_Cod !== PAYMENT_CHANNEL.card) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_METHODS_MESSAGES.channelMismatch, path: ['Canal_Pago_Cod'] });
    }
    if (v.Forma_Pago_Cod === PAYMENT_FORMS.cash && v.Canal_Pago_Cod !== PAYMENT_CHANNEL.cash) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_METHODS_MESSAGES.channelMismatch, path: ['Canal_Pago_Cod'] });
    }
    const none = v.NOSYNC_PaymentmethodCalcType === PAYMENT_CALC_TYPES.none;
    if (bp === null || bp > PAYMENT_METHODS_LIMITS.percentBpMax || (!none && bp === 0)) {
      if (!none)
        ctx.addIssue({ code: 'custom', message: PAYMENT_METHODS_MESSAGES.percentInvalid, path: ['Porcentaje'] });
    }
    return { ...v, percentBp: none ? 0 : (bp ?? 0), c_id: v.c_id ? v.c_id : undefined };
  });
export type PutPaymentMethodBody = z.input<typeof putPaymentMethodBody>;
export type PutPaymentMethodData = z.output<typeof putPaymentMethodBody>;
export const putPaymentMethodResponse = z.object({
  message: z.literal(PAYMENT_METHODS_MESSAGES.saved),
  Id_Tarjeta: z.number(),
});

/** GetPaymentMethodJqGrid's columns (the jqGrid protocol; decision 0012). Default sort: name ascending. */
export const PAYMENT_METHODS_GRID = {
  columns: {
    Id_Tarjeta: { type: 'number', sortable: true, filterable: true },
    Nombre: { type: 'text', sortable: true, filterable: true },
    Descripcion: { type: 'text', sortable: false, filterable: true },
    Forma_Pago_Cod: { type: 'number', sortable: true, filterable: true },
    Canal_Pago_Cod: { type: 'number', sortable: true, filterable: true },
    NOSYNC_PaymentmethodCalcType: { type: 'number', sortable: true, filterable: true },
    SW_Activo: { type: 'bool', sortable: true, filterable: true },
    Cliente_Id: { type: 'text', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'Nombre', sord: 'asc' },
} as const satisfies GridDefinition;

const admin = { rank: RANK.admin } as const;
const PM = '/api/inpaymentmethod';

/** The calls of payment methods (decision 0042), admins only (issue 24: declared once). */
export const paymentMethodCalls = {
  grid: endpoint({
    method: 'GET',
    path: `${PM}/GetPaymentMethodJqGrid`,
    access: admin,
    summary: 'The payment methods as a jqGrid page (default sort: name ascending)',
    tags: ['paymentmethods'],
    query: gridQuery,
    response: gridResponse(paymentMethod),
    refusals: { 400: errorBody },
  }),
  method: endpoint({
    method: 'GET',
    path: `${PM}/getpaymentmethod/:id`,
    access: admin,
    summary: 'One payment method with its calculation type and percentage',
    tags: ['paymentmethods'],
    params: idParams,
    response: paymentMethod,
    refusals: { 404: errorBody },
  }),
  put: endpoint({
    method: 'POST',
    path: `${PM}/putpaymentmethod`,
    access: admin,
    summary:
      'Creates (Id_Tarjeta 0; c_id: offered to that client only, otherwise to every client) or changes a method. ' +
      'Checkouts already prepared or paid keep the method as it was.',
    tags: ['paymentmethods'],
    body: putPaymentMethodBody,
    response: putPaymentMethodResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
};
