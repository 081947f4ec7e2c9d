import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../client.ts';
import { queryRows } from '../client.ts';
import { mapPoints, mapPointTexts } from '../schema/maps.ts';
import { stores } from '../schema/schema.ts';
import { CITIES } from './places.ts';

const HOURS = [
  'L-V 8:00-14:00 y 15:30-19:00; S 9:00-13:00',
  'L-V 8:30-13:30 y 15:00-19:30',
  'L-V 8:00-18:00 ininterrumpido; S 9:00-14:00',
] as const;

const STORE_TEXTS = {
  es: (city: string) => `Recogida de pedidos y mostrador profesional en ${city}.`,
  en: (city: string) => `Order pick-up and trade counter in ${city}.`,
  fr: (city: string) => `Retrait des commandes et comptoir professionnel à ${city}.`,
  pt: (city: string) => `Levantamento de encomendas e balcão profissional em ${city}.`,
} as const;

const city = (name: string) => CITIES.find((c) => c.city === name)!;

/** Places that are not stores: the head office, a pick-up point and a training centre (two with fewer languages). */
const OTHER_POINTS = [
  {
    at: city('Madrid'),
    dLat: 0.0021,
    dLng: -0.0035,
    marker: 'red' as const,
    texts: [
      { lang: 'es', name: 'Oficinas centrales', description: 'Administración, atención a clientes y formación.' },
      { lang: 'en', name: 'Head office', description: 'Administration, customer service and training.' },
      { lang: 'fr', name: 'Siège social', description: 'Administration, service clients et formation.' },
      { lang: 'pt', name: 'Sede', description: 'Administração, apoio ao cliente e formação.' },
    ],
  },
  {
    at: city('Valencia'),
    dLat: -0.0042,
    dLng: 0.0061,
    marker: 'green' as const,
    texts: [
      { lang: 'es', name: 'Punto de recogida Puerto de Valencia', description: 'Entrega de pedidos urgentes 24 h.' },
      { lang: 'en', name: 'Valencia Port pick-up point', description: 'Urgent orders handed over around the clock.' },
    ],
  },
  {
    at: city('Bilbao'),
    dLat: 0.0033,
    dLng: 0.0027,
    marker: 'orange' as const,
    texts: [{ lang: 'es', name: 'Centro de formación técnica', description: 'Cursos de lunas y electromecánica.' }],
  },
];

/**
 * The map (issue 12): a point for every store at the store's place (its city's real coordinates), in the four
 * languages, with the store's opening hours; and three points that are not stores. The same at every scale: the
 * number of stores does not grow with it.
 */
export async function seedMaps(db: Db) {
  // The coordinates are numeric text, written back as they are.
  const rows = await queryRows(
    db,
    sql`select id, name, city, latitude, longitude from stores order by id`,
    z.object({ id: z.string(), name: z.string(), city: z.string(), latitude: z.string(), longitude: z.string() }),
  );
  for (const [i, store] of rows.entries()) {
    await db
      .update(stores)
      .set({ openingHours: HOURS[i % HOURS.length] })
      .where(sql`${stores.id} = ${store.id}`);
    const [point] = await db
      .insert(mapPoints)
      .values({ latitude: store.latitude, longitude: store.longitude, kind: 'store', storeId: store.id })
      .returning({ id: mapPoints.id });
    await db.insert(mapPointTexts).values(
      (['es', 'en', 'fr', 'pt'] as const).map((lang) => ({
        pointId: point!.id,
        lang,
        name: store.name,
        description: STORE_TEXTS[lang](store.city),
      })),
    );
  }
  for (const other of OTHER_POINTS) {
    const [point] = await db
      .insert(mapPoints)
      .values({
        latitude: (other.at.lat + other.dLat).toFixed(6),
        longitude: (other.at.lng + other.dLng).toFixed(6),
        kind: 'point',
        marker: other.marker,
      })
      .returning({ id: mapPoints.id });
    await db
      .insert(mapPointTexts)
      .values(other.texts.map((t) => ({ pointId: point!.id, lang: t.lang, name: t.name, description: t.description })));
  }
}
