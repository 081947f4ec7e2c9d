import {
  normalizePlate,
  type Product,
  type ProductListQuery,
  type ProductListResponse,
} from '@portal/contract/catalog';
import { type LanguageKey, LIMITS, ROLES } from '@portal/contract/constants';
import { type ErpNames, erpNameIn } from '@portal/contract/erp-names';
import { stockStatuses } from '../../lib/stock-status.ts';
import type { Principal } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { EnrichedRow } from './catalog-rows.ts';
import { wordContainer, wordStreams } from './catalog-search.ts';
import { bestCorrection, isCorrectable, plainWord } from './catalog-typos.ts';

type Correction = NonNullable<ProductListResponse['corrected']>;

export type ListVariant = { perVehicle: boolean; withCount: boolean };

export const imageUrl = (id: number, n: number) => `/api/product/image/${id}/${n}`;

export function catalogService(repo: CatalogRepository) {
  let stores: { at: number; list: Promise<{ id: string; name: string; names: ErpNames; city: string }[]> } | null =
    null;
  /** The stores change rarely: read at most every 30 s. Each named as a reader of `lang` sees it (decision 0091). */
  async function storeList(lang: LanguageKey) {
    if (!stores || Date.now() - stores.at > 30_000) stores = { at: Date.now(), list: repo.stores() };
    return (await stores.list).map((s) => ({ id: s.id, name: erpNameIn(s.name, s.names, lang), city: s.city }));
  }

  let words: { at: number; list: Promise<string[]>; containing: Promise<(word: string) => string | null> } | null =
    null;
  /** The catalogue's words (search_words), read at most every minute, and again as soon as a search finds them changed. */
  function catalogueWords() {
    if (!words || Date.now() - words.at > 60_000) {
      const list = repo.searchWords();
      const containing = list.then(wordContainer);
      list.catch(() => undefined);
      containing.catch(() => undefined);
      words = { at: Date.now(), list, containing };
    }
    return words;
  }
  /**
   * Which catalogue word holds a free-text word (docs/decisions/0009). Only a hint: a search checks it again.
   */
  const wordHolder = () => catalogueWords().containing;

  /**
   * The free text corrected (decision 0068): the words that no catalogue word contains, corrected against the
   * vocabulary of the article names. Null when every word is found as typed (words with digits are codes: always
   * searched as typed), which the server's copy of the catalogue's words tells without a statement; 'nothing' when a
   * word is in no article and cannot be corrected (nothing close, under four letters, not letters): the search
   * would find nothing, and is not run (a word in no catalogue word made the trigram way read every article holding
   * the other words: about a second for "kt bosch"). `filter` is the free text's words as the contract parsed them;
   * the answer names the text searched instead, and its words.
   */
  async function corrected(
    filter: readonly string[],
  ): Promise<{ answer: Correction; words: string[] } | 'nothing' | null> {
    const typed = [...new Set(filter)];
    const known = await catalogueWords().list.catch(() => null);
    if (!known) return null;
    // A word without digits lies inside one catalogue word wherever an article holds it (docs/decisions/0009), and
    // catalogue words are never forgotten: one that no catalogue word contains is in no article.
    const missing = typed.filter((w) => !/[0-9]/.test(w) && !known.some((k) => k.includes(w)));
    if (missing.length === 0) return null;
    const { found, candidates } = await repo.vocabularyCandidates(
      missing.map((w) => ({ typed: w, plain: isCorrectable(w) ? plainWord(w) : '' })),
    );
    // A word the statement found after all: the server's copy is stale; read it again next time.
    if (found.size > 0) words = null;
    const changes: { typed: string; word: string }[] = [];
    for (const w of missing) {
      if (found.has(w)) continue;
      // In no article, and nothing close to it (or too short, or not letters): the search can find nothing.
      const word = isCorrectable(w) ? bestCorrection(w, candidates) : null;
      if (!word) return 'nothing';
      changes.push({ typed: w, word });
    }
    if (changes.length === 0) return null;
    const byTyped = new Map(changes.map((c) => [c.typed, c.word]));
    const searched = filter.map((w) => byTyped.get(w) ?? w);
    return { answer: { filter: searched.join(' '), words: changes }, words: searched };
  }

  async function searchArticles(q: ProductListQuery, withCount: boolean, caller: Principal | null) {
    const streams = q.filter.length > 0 ? wordStreams(q, await wordHolder().catch(() => () => null)) : [];
    const page = await repo.searchArticles(
      q,
      withCount,
      caller?.clientId ?? null,
      streams,
      caller?.clientStore ?? null,
    );
    if (page.streamsHeld === false) words = null;
    return page;
  }

  /** Product records from enriched rows (codes, and for a signed-in caller prices and stock). */
  async function toProducts(
    rows: (EnrichedRow & { model_id: number | null; model_name: string | null; make_name: string | null })[],
    caller: Principal | null,
  ): Promise<Product[]> {
    const stores = caller ? await storeList(caller.language) : [];
    const storeIds = stores.map((s) => s.id);
    const mayBuy = caller?.roles.includes(ROLES.buy) ?? false;
    return rows.map((r) => ({
      id_articulo: r.id,
      ref_jumasa: r.ref_jumasa,
      stw_Proveedor: r.supplier,
      familia_id: r.family_code,
      descripcion: r.description,
      modelo_id: r.model_id,
      nombremarca: r.make_name,
      nombremodelo: r.model_name,
      novelty: r.novelty,
      offer: r.offer,
      eurocode: r.eurocode,
      oem: r.oem,
      image: r.image_count > 0 ? imageUrl(r.id, 1) : null,
      pv1d: caller ? Number(r.pv1d) : null,
      preciocliente: caller && r.net !== null ? Number(r.net) : null,
      permitircompra: mayBuy,
      stock: caller
        ? stockStatuses(
            r.stock_tracked,
            storeIds,
            (r.stock ?? []).map(([store_id, quantity]) => ({ article_id: r.id, store_id, quantity })),
          ).map(({ id_almacen, status }, i) => ({ id_almacen, nombre: stores[i]!.name, status }))
        : null,
    }));
  }

  async function productsByIds(ids: number[], caller: Principal | null) {
    return toProducts(await repo.enrichedByIds(ids, caller?.clientId ?? null), caller);
  }

  const service = {
    /** A search, with the free text corrected when a word of it is in no article (decision 0068). */
    async list(typed: ProductListQuery, variant: ListVariant, caller: Principal | null): Promise<ProductListResponse> {
      const correction = typed.filter.length > 0 ? await corrected(typed.filter) : null;
      if (correction === 'nothing')
        return typed.manufacturerrefOEM || typed.manufacturerrefEUROCODE
          ? { records: [], count: 0, message: 'WARN_SearchByOEM_NotFound' }
          : { records: [], count: 0 };
      const answer = await service.listAsTyped(
        correction ? { ...typed, filter: correction.words } : typed,
        variant,
        caller,
      );
      // Nothing found stays nothing found: the answer does not name a correction that found nothing either.
      return correction && answer.count > 0 ? { ...answer, corrected: correction.answer } : answer;
    },

    async listAsTyped(
      q: ProductListQuery,
      variant: ListVariant,
      caller: Principal | null,
    ): Promise<ProductListResponse> {
      let records: Product[];
      let count: number;
      let more = false;
      if (variant.perVehicle) {
        const page = await repo.searchArticleVehicles(
          q,
          variant.withCount,
          caller?.clientId ?? null,
          caller?.clientStore ?? null,
        );
        const enriched = new Map(
          (await repo.enrichedByIds([...new Set(page.rows.map((r) => r.id))], caller?.clientId ?? null)).map((r) => [
            r.id,
            r,
          ]),
        );
        records = await toProducts(
          page.rows.map((r) => ({
            ...enriched.get(r.id)!,
            model_id: r.model_id,
            model_name: r.model_name,
            make_name: r.make_name,
          })),
          caller,
        );
        count = page.count;
      } else {
        const page = await searchArticles(q, variant.withCount, caller);
        records = await toProducts(page.rows, caller);
        count = page.count;
        more = page.more;
      }
      const codeSearch = q.manufacturerrefOEM || q.manufacturerrefEUROCODE;
      if (codeSearch && count === 0) return { records, count: 0, message: 'WARN_SearchByOEM_NotFound' };
      return more ? { records, count, more } : { records, count };
    },

    async price(id: number, caller: Principal) {
      const [row] = await repo.enrichedByIds([id], caller.clientId);
      if (!row) throw notFound();
      return { id_articulo: id, pv1d: Number(row.pv1d), preciocliente: Number(row.net) };
    },

    async detail(id: number, modelHint: number | undefined, caller: Principal | null) {
      const [row] = await repo.enrichedByIds([id], caller?.clientId ?? null);
      if (!row) throw notFound();
      const fitments = await repo.fitmentsOf(id);
      const modelId = modelHint ?? fitments[0]?.modelo_id;
      const [same, other] = modelId
        ? await Promise.all([
            repo.relatedIds(id, modelId, row.family_code, true, LIMITS.relatedFetchSize),
            repo.relatedIds(id, modelId, row.family_code, false, LIMITS.relatedFetchSize),
          ])
        : [[], []];
      const [[product], related] = await Promise.all([
        toProducts([row], caller),
        productsByIds([...same, ...other], caller),
      ]);
      // Opened from a vehicle: the record names it, as a per-vehicle list record does.
      const vehicle = modelHint ? fitments.find((f) => f.modelo_id === modelHint) : undefined;
      return {
        product: vehicle
          ? { ...product!, modelo_id: vehicle.modelo_id, nombremarca: vehicle.marca, nombremodelo: vehicle.modelo }
          : product!,
        images: Array.from({ length: row.image_count }, (_, i) => imageUrl(id, i + 1)),
        fitments: fitments.map((f) => ({
          marca_id: f.marca_id,
          marca: f.marca,
          modelo_id: f.modelo_id,
          modelo: f.modelo,
          motor_id: f.motor_id,
          motor: f.motor,
          years: f.year_from ? `${f.year_from}-${f.year_to ?? ''}` : '',
        })),
        related_same_family: related.filter((p) => p.familia_id === row.family_code),
        related_other_families: related.filter((p) => p.familia_id !== row.family_code),
      };
    },

    async availability(id: number, lang: LanguageKey) {
      const [row] = await repo.articlesByIds([id]);
      if (!row) throw notFound();
      const [stores, stock] = await Promise.all([storeList(lang), repo.stockOf([id])]);
      const statuses = stockStatuses(
        row.stock_tracked,
        stores.map((s) => s.id),
        stock,
      );
      return {
        availabilityinvent: statuses.map((s, i) => ({
          id_almacen: s.id_almacen,
          nombre: stores[i]!.name,
          city: stores[i]!.city,
          status: s.status,
          wsstock: s.quantity,
        })),
        wsstock: stock.reduce((sum, s) => sum + s.quantity, 0),
      };
    },

    async byPlate(country: string, plateText: string, caller: Principal) {
      const found = await repo.plate(country, normalizePlate(plateText));
      const log = await repo.logPlateSearch({
        userId: caller.id,
        clientId: caller.clientId,
        country,
        plateText,
        found: found !== null,
        modelId: found?.model_id ?? null,
        engineId: found?.engine_id ?? null,
      });
      if (!found) return { jummodel: null, log, message: 'WARN_SearchByPlate_NotFound' };
      return {
        jummodel: {
          jumdescriptionshort: found.make,
          jumdescriptionlarge: found.model,
          jummotorization: found.engine ?? '',
          marca_id: found.make_id,
          modelo_id: found.model_id,
          motor_id: found.engine_id,
        },
        log,
      };
    },
  };
  return service;
}
export type CatalogService = ReturnType<typeof catalogService>;
