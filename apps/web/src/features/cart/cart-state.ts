import type { CartLine } from '@portal/contract/cart';
import { isReferenceTooShort as referenceTooShort } from '@portal/contract/catalog';
import { QUANTITY } from '@portal/contract/quantity';

/** A line may be finished only with a chosen store that is among the stores of its availability (part 1 §5). */
export function hasValidStore(line: Pick<CartLine, 'inventlocationchosenid' | 'availabilityinvent'>): boolean {
  const chosen = line.inventlocationchosenid;
  return chosen !== null && line.availabilityinvent.some((a) => a.id_almacen === chosen);
}

/** The ids of the lines that keep the cart from being finished (WARN_CartLocationNotFilled). */
export function linesWithoutStore(lines: readonly CartLine[]): number[] {
  return lines.filter((l) => !hasValidStore(l)).map((l) => l.id_linea);
}

/** The lines the chosen store cannot serve from its stock: a transfer or a back-order (issue 11 item 3). */
export function linesNotFromStock(lines: readonly CartLine[]): CartLine[] {
  return lines.filter((l) => l.supply === 'transfer' || l.supply === 'backorder');
}

/** The stores the cart will be served from, in the order their lines come. */
export function chosenStores(lines: readonly CartLine[]): string[] {
  const stores: string[] = [];
  for (const line of lines) {
    if (hasValidStore(line) && !stores.includes(line.inventlocationchosenid!))
      stores.push(line.inventlocationchosenid!);
  }
  return stores;
}

/** The stock message of each store chosen on a line (spec part 1 §6: shown when ubication is 1). */
export function messagesForChosenStores<T extends { origen: string }>(
  lines: readonly CartLine[],
  messages: readonly T[],
): T[] {
  const stores = chosenStores(lines);
  return stores.flatMap((store) => {
    const found = messages.find((m) => m.origen === store);
    return found ? [found] : [];
  });
}

/** Add by reference: the contract's one rule (5 characters, spaces, dashes and dots not counted), as the server's. */
export const isReferenceTooShort = (reference: string): boolean => referenceTooShort(reference);

/** A quantity the cart accepts: a whole number from 1 to 9999, or null. */
export function validQuantity(value: number | string | null | undefined): number | null {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (n === null || n === undefined || !Number.isInteger(n) || n < QUANTITY.min || n > QUANTITY.max) return null;
  return n;
}
