import type { LanguageKey } from '@portal/contract/constants';
import {
  FAQ_MESSAGES,
  FAQ_PACK_GRID,
  type FaqPack,
  type FaqPackRow,
  type FaqResponse,
  faqPackRow,
  type PutFaqPackData,
} from '@portal/contract/faq';
import type { GridQuery, GridResponse } from '@portal/contract/grids';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runGrid } from '../../db/run-grid.ts';
import { faqPacks, faqResponses } from '../../db/schema/content-structure.ts';
import { gridSpec, planGrid } from '../../lib/jqgrid.sql.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { badRequest } from '../../plugins/errors.ts';

const FAQ_PACK_SPEC = gridSpec(
  FAQ_PACK_GRID,
  {
    Id_FaqPack: { column: sql`p.id`, integer: true },
    Idioma_Cod: sql`p.lang`,
    Nombre: sql`p.name`,
    Descripcion: sql`p.description`,
    Tipo_Cod_Enum: { column: sql`p.type_cod`, integer: true },
    SW_Activo: sql`p.active`,
  },
  sql`p.id`,
);

type PackRow = typeof faqPacks.$inferSelect;

const toResponse = (r: typeof faqResponses.$inferSelect): FaqResponse => ({
  id_response: r.id,
  faqpack_id: r.packId,
  pregunta: r.question,
  respuesta: r.answerHtml,
});

/** PostgreSQL's unique_violation (23505), as pg or PGlite report it (possibly wrapped by Drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** FAQ packs and their responses (spec part 2 §3 FAQ pack; decision 0038). */
export function faqRepository(db: Db) {
  async function withResponses(packs: PackRow[]): Promise<FaqPack[]> {
    if (packs.length === 0) return [];
    const responses = await db
      .select()
      .from(faqResponses)
      .where(
        inArray(
          faqResponses.packId,
          packs.map((p) => p.id),
        ),
      )
      .orderBy(asc(faqResponses.position), asc(faqResponses.id));
    return packs.map((p) => ({
      id_faqpack: p.id,
      idioma_cod: p.lang as LanguageKey,
      nombre: p.name,
      descripcion: p.description,
      tipo_cod: p.typeCod,
      sw_activo: p.active,
      faqpack_response: responses.filter((r) => r.packId === p.id).map(toResponse),
    }));
  }

  return {
    /** The packs grid: every pack (admins) or the active packs of one language. */
    grid(query: GridQuery, onlyActiveIn?: LanguageKey): Promise<GridResponse<FaqPackRow>> {
      return runGrid(
        db,
        planGrid(FAQ_PACK_SPEC, query),
        {
          table: 'faq_packs',
          alias: 'p',
          key: 'id',
          scope: onlyActiveIn ? [sql`p.active`, sql`p.lang = ${onlyActiveIn}`] : [],
          project: (page) =>
            sql`select p.id as "Id_FaqPack", p.lang as "Idioma_Cod", p.name as "Nombre", p.description as "Descripcion",
                     p.type_cod as "Tipo_Cod_Enum", p.active as "SW_Activo",
                     (select count(*)::int from faq_responses r where r.pack_id = p.id) as "Respuestas"
                from ${page} p`,
        },
        faqPackRow,
      );
    },

    /** A pack with its responses; `activeOnly` hides an inactive one (null). */
    async pack(id: number, activeOnly: boolean): Promise<FaqPack | null> {
      const rows = await db
        .select()
        .from(faqPacks)
        .where(activeOnly ? and(eq(faqPacks.id, id), eq(faqPacks.active, true)) : eq(faqPacks.id, id));
      return (await withResponses(rows))[0] ?? null;
    },

    /** The active default pack of a type (1 private, 2 public) in a language. */
    async defaultPack(lang: LanguageKey, type: 1 | 2): Promise<FaqPack | null> {
      const rows = await db
        .select()
        .from(faqPacks)
        .where(and(eq(faqPacks.lang, lang), eq(faqPacks.typeCod, type), eq(faqPacks.active, true)));
      return (await withResponses(rows))[0] ?? null;
    },

    /** Every active pack of a language with its responses: defaults first (public, private), then by name. */
    async activeOfLanguage(lang: LanguageKey): Promise<FaqPack[]> {
      const rows = await db
        .select()
        .from(faqPacks)
        .where(and(eq(faqPacks.lang, lang), eq(faqPacks.active, true)))
        .orderBy(sql`${faqPacks.typeCod} desc`, asc(faqPacks.name), asc(faqPacks.id));
      return withResponses(rows);
    },

    /**
     * Creates (id 0) or replaces a pack and its whole list of responses, in order, answers sanitised; responses left
     * out are deleted. One default of each kind per language (MSG_FaqDefaultTaken; the database's unique index
     * decides between two admins at once). Null when the id does not exist.
     */
    save(id: number, data: PutFaqPackData, now: Date): Promise<number | null> {
      return db
        .transaction(async (tx) => {
          const values = {
            lang: data.idioma_cod,
            name: data.nombre,
            description: data.descripcion,
            typeCod: data.tipo_cod,
            active: data.sw_activo,
            updatedAt: now,
          };
          let packId: number;
          if (id === 0) {
            const [row] = await tx
              .insert(faqPacks)
              .values({ ...values, createdAt: now })
              .returning({ id: faqPacks.id });
            packId = row!.id;
          } else {
            const rows = await tx
              .update(faqPacks)
              .set(values)
              .where(eq(faqPacks.id, id))
              .returning({ id: faqPacks.id });
            if (rows.length === 0) return null;
            packId = id;
          }
          const kept = data.faqpack_response.filter((r) => r.id_response > 0).map((r) => r.id_response);
          if (kept.length > 0) {
            const own = await tx
              .select({ id: faqResponses.id })
              .from(faqResponses)
              .where(and(eq(faqResponses.packId, packId), inArray(faqResponses.id, kept)));
            if (own.length !== new Set(kept).size) throw badRequest(FAQ_MESSAGES.responseUnknown);
          }
          await tx
            .delete(faqResponses)
            .where(
              kept.length > 0
                ? and(eq(faqResponses.packId, packId), notInArray(faqResponses.id, kept))
                : eq(faqResponses.packId, packId),
            );
          for (const [position, response] of data.faqpack_response.entries()) {
            const fields = {
              position,
              question: response.pregunta,
              answerHtml: sanitizeRichText(response.respuesta),
              updatedAt: now,
            };
            if (response.id_response > 0) {
              await tx.update(faqResponses).set(fields).where(eq(faqResponses.id, response.id_response));
            } else {
              await tx.insert(faqResponses).values({ ...fields, packId, createdAt: now });
            }
          }
          return packId;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw badRequest(FAQ_MESSAGES.defaultTaken);
          throw error;
        });
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(faqPacks).where(eq(faqPacks.id, id)).returning({ id: faqPacks.id });
      return rows.length > 0;
    },

    async removeResponse(id: number, packId: number): Promise<boolean> {
      const rows = await db
        .delete(faqResponses)
        .where(and(eq(faqResponses.id, id), eq(faqResponses.packId, packId)))
        .returning({ id: faqResponses.id });
      return rows.length > 0;
    },

    async responses(packId: number, activeOnly: boolean): Promise<FaqResponse[] | null> {
      const pack = await this.pack(packId, activeOnly);
      return pack ? pack.faqpack_response : null;
    },
  };
}
export type FaqRepository = ReturnType<typeof faqRepository>;
