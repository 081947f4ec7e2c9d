/** A web order id from the URL: a positive whole number, else none (the screen then says it is not found). */
export function readWebOrderId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
