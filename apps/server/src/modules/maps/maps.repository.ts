import { LANGUAGE_KEYS, type LanguageKey } from '@portal/contract/constants';
import { MAP_MARKERS, type MapMarkerPoint, type MapPointDetail, type PutMapData } from '@portal/contract/maps';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { erpNameSql } from '../../db/erp-names.ts';
import { int } from '../../db/rows.ts';
import { mapPoints, mapPointTexts } from '../../db/schema/maps.ts';
import { stores } from '../../db/schema/schema.ts';

// latitude and longitude stay text (numeric, written back as they were).
const markerRow = z.object({
  id: int,
  latitude: z.string(),
  longitude: z.string(),
  active: z.boolean(),
  kind: z.enum(['store', 'point']),
  marker: z.enum(MAP_MARKERS),
  store_id: z.string().nullable(),
  lang: z.enum(LANGUAGE_KEYS),
  name: z.string(),
  description: z.string(),
  s_name: z.string().nullable(),
  s_street: z.string().nullable(),
  s_city: z.string().nullable(),
  s_zipcode: z.string().nullable(),
  s_province: z.string().nullable(),
  s_phone: z.string().nullable(),
  s_hours: z.string().nullable(),
});

export function mapsRepository(db: Db) {
  return {
    /**
     * The markers: each point once, with its text in `lang`, else Spanish, else the first language it has;
     * a store's point with the store's address, phone and opening hours.
     */
    async markers(lang: LanguageKey, includeInactive: boolean): Promise<MapMarkerPoint[]> {
      const rows = await queryRows(
        db,
        sql`select p.id, p.latitude, p.longitude, p.active, p.kind, p.marker, p.store_id,
                   t.lang, t.name, t.description,
                   ${erpNameSql('s', lang)} as s_name, s.street as s_street, s.city as s_city, s.zipcode as s_zipcode,
                   s.province as s_province, s.phone as s_phone, s.opening_hours as s_hours
              from map_points p
              cross join lateral (
                select lang, name, description from map_point_texts
                 where point_id = p.id
                 order by (lang = ${lang}) desc, (lang = 'es') desc, lang
                 limit 1) t
              left join stores s on s.id = p.store_id and p.kind = 'store'
             where ${includeInactive} or p.active
             order by t.name, p.id`,
        markerRow,
      );
      return rows.map((r) => ({
        id_mapoint: r.id,
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        sw_activo: r.active,
        tipo: r.kind,
        marker: r.marker,
        almacen: r.store_id,
        idioma_cod: r.lang,
        nombre: r.name,
        descripcion: r.description,
        store:
          r.kind === 'store' && r.store_id && r.s_name !== null
            ? {
                id: r.store_id,
                name: r.s_name,
                street: r.s_street ?? '',
                city: r.s_city ?? '',
                zipcode: r.s_zipcode ?? '',
                province: r.s_province ?? '',
                phone: r.s_phone,
                opening_hours: r.s_hours,
              }
            : null,
      }));
    },

    async detail(id: number): Promise<MapPointDetail | null> {
      const [point] = await db.select().from(mapPoints).where(eq(mapPoints.id, id)).limit(1);
      if (!point) return null;
      const texts = await db
        .select({ idioma_cod: mapPointTexts.lang, nombre: mapPointTexts.name, descripcion: mapPointTexts.description })
        .from(mapPointTexts)
        .where(eq(mapPointTexts.pointId, id))
        .orderBy(sql`array_position(array['es','en','fr','pt'], ${mapPointTexts.lang})`);
      return {
        id_mapoint: point.id,
        latitude: Number(point.latitude),
        longitude: Number(point.longitude),
        sw_activo: point.active,
        tipo: point.kind,
        marker: point.marker,
        almacen: point.storeId,
        mapointposted: texts as MapPointDetail['mapointposted'],
      };
    },

    async storeExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).limit(1);
      return rows.length > 0;
    },

    storeOptions: () => db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name)),

    /** Creates (id 0) or replaces a point and all its texts in one transaction; null when the id does not exist. */
    save(id: number, data: PutMapData, now: Date): Promise<number | null> {
      return db.transaction(async (tx) => {
        const values = {
          latitude: data.latitude.toFixed(6),
          longitude: data.longitude.toFixed(6),
          active: data.sw_activo,
          kind: data.tipo,
          storeId: data.tipo === 'store' ? (data.almacen ?? null) : null,
          marker: data.marker,
          updatedAt: now,
        };
        let pointId: number;
        if (id === 0) {
          const [row] = await tx
            .insert(mapPoints)
            .values({ ...values, createdAt: now })
            .returning({ id: mapPoints.id });
          pointId = row!.id;
        } else {
          const rows = await tx
            .update(mapPoints)
            .set(values)
            .where(eq(mapPoints.id, id))
            .returning({ id: mapPoints.id });
          if (rows.length === 0) return null;
          pointId = id;
          await tx.delete(mapPointTexts).where(eq(mapPointTexts.pointId, id));
        }
        await tx.insert(mapPointTexts).values(
          data.mapointposted.map((t) => ({
            pointId,
            lang: t.idioma_cod,
            name: t.nombre,
            description: t.descripcion,
          })),
        );
        return pointId;
      });
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(mapPoints).where(eq(mapPoints.id, id)).returning({ id: mapPoints.id });
      return rows.length > 0;
    },
  };
}
export type MapsRepository = ReturnType<typeof mapsRepository>;
