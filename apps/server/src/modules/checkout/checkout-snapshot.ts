import { checkoutLocationInput } from '@portal/contract/cart';
import { centsOf, formatCents } from '@portal/contract/money';
import { z } from 'zod';
import { parseRows } from '../../db/client.ts';
import type { PaymentCalc } from '../../lib/payment-calc.ts';

/**
 * One line of a web order as the checkout priced it (amounts are decimal text), stored in the snapshot and inserted
 * as it is. `jobRef` is the cart line's job reference (decision 0081); absent in checkouts stored before migration
 * 0051.
 */
export const orderedLine = z.object({
  articleId: z.number().int(),
  ref: z.string(),
  description: z.string(),
  family: z.string(),
  supplier: z.string(),
  quantity: z.number().int(),
  pv1d: z.string(),
  net: z.string(),
  listAmount: z.string(),
  netAmount: z.string(),
  modelId: z.number().int().nullable(),
  searchLogId: z.number().int().nullable(),
  jobRef: z.string().nullable().optional(),
});
export type WebOrderLineInsert = z.output<typeof orderedLine>;

/** What a payment method's calculation does to one store's order (lib/payment-calc.ts, decision 0042). */
const paymentCalcShape = z.object({
  calcType: z.number().int(),
  percentBp: z.number().int(),
  adjustment: z.string(),
  base: z.string(),
}) satisfies z.ZodType<PaymentCalc>;

/**
 * A location as validated and priced: what a web order is made from. Amounts are decimal text. `vatRateBp`,
 * `vatAmount` and `totalAmount`: the client's VAT on the base, rounded once for the store, and base + VAT
 * (docs/decisions/0019); absent in checkouts stored before migration 0015. `paymentCalc`: the payment method's
 * surcharge or discount on the net amount as it was when the checkout was prepared (decision 0042), the VAT being
 * on its `base`; absent when the method computes nothing. `input`: the form as the browser sent it (the contract's
 * own schema), to show the same form again. `netAmount` is the base: the lines at the client's net prices.
 */
const resolvedLocation = z.object({
  storeId: z.string(),
  storeName: z.string(),
  addressId: z.number().int().nullable(),
  alternative: z.boolean(),
  deliveryName: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
  dlvModeId: z.string(),
  dlvModeName: z.string(),
  paymentMethodId: z.number().int(),
  paymentMethodName: z.string(),
  channel: z.number().int(),
  custRef: z.string(),
  webObs: z.string(),
  lines: z.array(orderedLine),
  listAmount: z.string(),
  netAmount: z.string(),
  vatRateBp: z.number().int().optional(),
  vatAmount: z.string().optional(),
  totalAmount: z.string().optional(),
  paymentCalc: paymentCalcShape.optional(),
  input: checkoutLocationInput,
});
export type ResolvedLocation = z.output<typeof resolvedLocation>;

/**
 * The checkout stored on the cart by preparecheckout and on each payment attempt (jsonb, docs/decisions/0011),
 * parsed where it is read (decision 0093). `cardCents` is what the card locations owe with their VAT
 * (docs/decisions/0019); `vatExemptReason` is set when the client is exempt.
 */
export const snapshot = z.object({
  locations: z.array(resolvedLocation),
  cardCents: z.string().regex(/^\d+$/),
  preparedAt: z.string(),
  version: z.number().int(),
  vatExemptReason: z.string().nullable().optional(),
});
export type Snapshot = z.output<typeof snapshot>;

/**
 * A stored checkout (the cart's `checkout`, read as it is by the cart's repository), parsed: null when none. A
 * stored value that is not a checkout throws `RowMismatch` (a 500 naming the field), as a row would.
 */
export function storedCheckout(value: unknown): Snapshot | null {
  return value == null ? null : parseRows([value], snapshot)[0]!;
}

export const euros = (text: string) => Number(text);
/** A rate in basis points as a percentage for people (2100 → "21", 550 → "5,5"). */
export const percent = (bp: number) => (bp / 100).toLocaleString('es-ES', { maximumFractionDigits: 2 });
export const sum = (values: string[]) => formatCents(values.reduce((a, v) => a + centsOf(v), 0n));

const amountText = (text: string) => Number(text).toLocaleString('es-ES', { minimumFractionDigits: 2 });

/**
 * What a card payment charges, for the payment page (DS_MERCHANT_PRODUCTDESCRIPTION, 125 characters): base, VAT and
 * total of each card store, or of all of them together when that does not fit (decision 0019).
 */
export function chargeDescription(card: ResolvedLocation[]): string {
  // Neither "%" nor "+": the bank URL-decodes the fields ("+" is a space).
  const one = (id: string, net: string, vat: string, total: string) =>
    `${id}: base ${amountText(net)}, IVA ${amountText(vat)}, total ${amountText(total)} EUR`;
  const each = card.map((l) => one(l.storeId, l.netAmount, l.vatAmount ?? '0', l.totalAmount ?? l.netAmount));
  const text = each.join('; ');
  if (text.length <= 125) return text;
  return one(
    `${card.length} almacenes`,
    sum(card.map((l) => l.netAmount)),
    sum(card.map((l) => l.vatAmount ?? '0')),
    sum(card.map((l) => l.totalAmount ?? l.netAmount)),
  );
}

/** The next working day (Monday to Friday) after `from`, as yyyy-mm-dd. */
export function nextWorkingDay(from: Date): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}

/** The text of a web order's e-mails, to the store and to the customer. */
export function orderText(id: number, l: ResolvedLocation, clientName: string, deliveryDate: string): string {
  return [
    `Pedido web ${id}`,
    `Cliente: ${clientName}`,
    `Almacén: ${l.storeName}`,
    `Referencia del cliente: ${l.custRef}`,
    `Entrega: ${l.dlvModeName}, ${l.deliveryName}${l.street ? `, ${l.street}, ${l.zipcode ?? ''} ${l.city ?? ''}` : ''}`,
    `Fecha de entrega prevista: ${deliveryDate}`,
    `Forma de pago: ${l.paymentMethodName}`,
    l.webObs ? `Observaciones: ${l.webObs}` : '',
    '',
    ...l.lines.map((x) => `${x.ref}  ${x.description}  ${x.quantity} x ${x.net} € = ${x.netAmount} €`),
    '',
    ...(l.vatAmount === undefined
      ? [`Total neto: ${l.netAmount} € (IVA no incluido)`]
      : [
          ...(l.paymentCalc
            ? [
                `Importe neto: ${l.netAmount} €`,
                `${Number(l.paymentCalc.adjustment) < 0 ? 'Descuento' : 'Recargo'} ${l.paymentMethodName} ${percent(l.paymentCalc.percentBp)} %: ${l.paymentCalc.adjustment} €`,
                `Base imponible: ${l.paymentCalc.base} €`,
              ]
            : [`Base imponible: ${l.netAmount} €`]),
          `IVA ${percent(l.vatRateBp ?? 0)} %: ${l.vatAmount} €`,
          `Total: ${l.totalAmount} €`,
        ]),
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}
