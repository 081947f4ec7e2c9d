import type { Product } from '@portal/contract/catalog';

/** A result's key: an article, and in per-vehicle lists its fitting model. */
export const resultKey = (p: Product) => `${p.id_articulo}-${p.modelo_id ?? 0}`;
