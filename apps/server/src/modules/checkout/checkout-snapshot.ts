import type { CheckoutLocationInput } from '@portal/contract/cart';
import { centsOf, formatCents } from '../../lib/money.ts';
import type { PaymentCalc } from '../../lib/payment-calc.ts';
import type { WebOrderLineInsert } from './checkout.repository.ts';

/** A location as validated and priced: what a web order is made from. Amounts are decimal text. */
export type ResolvedLocation = {
  storeId: string;
  storeName: string;
  addressId: number | null;
  alternative: boolean;
  deliveryName: string;
  street: string | null;
  city: string | null;
  zipcode: string | null;
  country: string | null;
  dlvModeId: string;
  dlvModeName: string;
  paymentMethodId: number;
  paymentMethodName: string;
  channel: number;
  custRef: string;
  webObs: string;
  lines: WebOrderLineInsert[];
  listAmount: string;
  /** The base: what the lines add up to at the client's net prices. */
  netAmount: string;
  /**
   * The client's VAT on the base, rounded once for the store, and base + VAT (docs/decisions/0019). Absent in
   * checkouts stored before migration 0015.
   */
  vatRateBp?: number;
  vatAmount?: string;
  totalAmount?: string;
  /**
   * The payment method's surcharge or discount on the net amount, as it was when the checkout was prepared
   * (decision 0042): the VAT is on `paymentCalc.base`. Absent when the method computes nothing.
   */
  paymentCalc?: PaymentCalc;
  /** The input as the browser sent it, to show the same form again. */
  input: CheckoutLocationInput;
};

/**
 * The checkout stored on the cart by preparecheckout (docs/decisions/0011). `cardCents` is what the card locations
 * owe with their VAT (docs/decisions/0019); `vatExemptReason` is set when the client is exempt.
 */
export type Snapshot = {
  locations: ResolvedLocation[];
  cardCents: string;
  preparedAt: string;
  version: number;
  vatExemptReason?: string | null;
};

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
