import type { CheckoutLocationInput } from '@portal/contract/cart';
import { centsOf, formatCents } from '../../lib/redsys.ts';
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
  netAmount: string;
  /** The input as the browser sent it, to show the same form again. */
  input: CheckoutLocationInput;
};

/** The checkout stored on the cart by preparecheckout (docs/decisions/0011). */
export type Snapshot = { locations: ResolvedLocation[]; cardCents: string; preparedAt: string; version: number };

export const euros = (text: string) => Number(text);
export const sum = (values: string[]) => formatCents(values.reduce((a, v) => a + centsOf(v), 0n));

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
    `Total neto: ${l.netAmount} € (IVA no incluido)`,
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}
