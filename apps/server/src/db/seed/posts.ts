import type { LanguageKey } from '@portal/contract/constants';
import { HELP_PAGE_SLUG, POST_KINDS } from '@portal/contract/posts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client.ts';
import { idRow } from '../rows.ts';
import { getSetting, setSetting } from '../settings.ts';
import type { Rng } from './prng.ts';

type Words = Record<LanguageKey, string>;
type Item = { title: Words; summary: Words; body: Words };

const LANGS: LanguageKey[] = ['es', 'en', 'fr', 'pt'];

/** News topics (each a title, a summary and a body per language); 30 news cycle through them with an edition. */
const NEWS: Item[] = [
  {
    title: {
      es: 'Nuevo almacén en Zaragoza',
      en: 'New warehouse in Zaragoza',
      fr: 'Nouvel entrepôt à Saragosse',
      pt: 'Novo armazém em Saragoça',
    },
    summary: {
      es: 'Más stock y entregas en el día para Aragón.',
      en: 'More stock and same-day deliveries for Aragon.',
      fr: 'Plus de stock et des livraisons le jour même en Aragon.',
      pt: 'Mais stock e entregas no próprio dia para Aragão.',
    },
    body: {
      es: '<p>Abrimos un almacén de <strong>6.000 m²</strong> con más de 40.000 referencias.</p><ul><li>Pedidos hasta las 13:00, entrega por la tarde.</li><li>Recogida en mostrador.</li></ul>',
      en: '<p>We open a <strong>6,000 m²</strong> warehouse holding over 40,000 references.</p><ul><li>Orders until 1 pm, delivered in the afternoon.</li><li>Counter pick-up.</li></ul>',
      fr: '<p>Nous ouvrons un entrepôt de <strong>6 000 m²</strong> avec plus de 40 000 références.</p><ul><li>Commandes jusqu’à 13 h, livrées l’après-midi.</li><li>Retrait au comptoir.</li></ul>',
      pt: '<p>Abrimos um armazém de <strong>6.000 m²</strong> com mais de 40.000 referências.</p><ul><li>Encomendas até às 13:00, entrega à tarde.</li><li>Levantamento ao balcão.</li></ul>',
    },
  },
  {
    title: {
      es: 'Campaña de frenos de primavera',
      en: 'Spring brake campaign',
      fr: 'Campagne freinage de printemps',
      pt: 'Campanha de travões da primavera',
    },
    summary: {
      es: 'Discos y pastillas con condiciones especiales.',
      en: 'Discs and pads on special terms.',
      fr: 'Disques et plaquettes à conditions spéciales.',
      pt: 'Discos e pastilhas em condições especiais.',
    },
    body: {
      es: '<p>Durante la campaña, los kits de <em>disco y pastilla</em> tienen un descuento adicional.</p>',
      en: '<p>During the campaign, <em>disc and pad</em> kits carry an extra discount.</p>',
      fr: '<p>Pendant la campagne, les kits <em>disque et plaquettes</em> bénéficient d’une remise supplémentaire.</p>',
      pt: '<p>Durante a campanha, os kits de <em>disco e pastilha</em> têm um desconto adicional.</p>',
    },
  },
  {
    title: {
      es: 'Catálogo de lunas actualizado',
      en: 'Glass catalogue updated',
      fr: 'Catalogue vitrage mis à jour',
      pt: 'Catálogo de vidros atualizado',
    },
    summary: {
      es: 'Nuevos códigos EUROCODE para modelos 2025.',
      en: 'New EUROCODE codes for 2025 models.',
      fr: 'Nouveaux codes EUROCODE pour les modèles 2025.',
      pt: 'Novos códigos EUROCODE para modelos 2025.',
    },
    body: {
      es: '<p>Hemos añadido más de 800 lunas nuevas. Búsquelas por <strong>EUROCODE</strong> o por matrícula.</p>',
      en: '<p>We added over 800 new windscreens. Search them by <strong>EUROCODE</strong> or by licence plate.</p>',
      fr: '<p>Plus de 800 nouveaux vitrages ajoutés. Cherchez-les par <strong>EUROCODE</strong> ou par immatriculation.</p>',
      pt: '<p>Adicionámos mais de 800 vidros novos. Procure-os por <strong>EUROCODE</strong> ou pela matrícula.</p>',
    },
  },
  {
    title: {
      es: 'Horario de verano en tiendas',
      en: 'Summer opening hours in stores',
      fr: 'Horaires d’été des magasins',
      pt: 'Horário de verão nas lojas',
    },
    summary: {
      es: 'Del 1 de julio al 31 de agosto, jornada continua.',
      en: 'From 1 July to 31 August, continuous hours.',
      fr: 'Du 1er juillet au 31 août, journée continue.',
      pt: 'De 1 de julho a 31 de agosto, horário contínuo.',
    },
    body: {
      es: '<p>Las tiendas abren de <strong>8:00 a 15:00</strong>. El portal sigue abierto las 24 horas.</p>',
      en: '<p>Stores open from <strong>8:00 to 15:00</strong>. The portal stays open 24 hours a day.</p>',
      fr: '<p>Les magasins ouvrent de <strong>8 h à 15 h</strong>. Le portail reste ouvert 24 h/24.</p>',
      pt: '<p>As lojas abrem das <strong>8:00 às 15:00</strong>. O portal continua aberto 24 horas.</p>',
    },
  },
  {
    title: {
      es: 'Baterías: guía de sustitución',
      en: 'Batteries: a replacement guide',
      fr: 'Batteries : guide de remplacement',
      pt: 'Baterias: guia de substituição',
    },
    summary: {
      es: 'Cómo elegir la batería adecuada para cada vehículo.',
      en: 'How to choose the right battery for each vehicle.',
      fr: 'Comment choisir la bonne batterie pour chaque véhicule.',
      pt: 'Como escolher a bateria certa para cada veículo.',
    },
    body: {
      es: '<h2>Start-stop</h2><p>Los vehículos con start-stop necesitan baterías <strong>AGM o EFB</strong>.</p>',
      en: '<h2>Start-stop</h2><p>Start-stop vehicles need <strong>AGM or EFB</strong> batteries.</p>',
      fr: '<h2>Start-stop</h2><p>Les véhicules start-stop exigent des batteries <strong>AGM ou EFB</strong>.</p>',
      pt: '<h2>Start-stop</h2><p>Os veículos com start-stop precisam de baterias <strong>AGM ou EFB</strong>.</p>',
    },
  },
  {
    title: {
      es: 'Nueva gama de filtros',
      en: 'New range of filters',
      fr: 'Nouvelle gamme de filtres',
      pt: 'Nova gama de filtros',
    },
    summary: {
      es: 'Filtros de aceite, aire y habitáculo de primera marca.',
      en: 'Premium oil, air and cabin filters.',
      fr: 'Filtres à huile, à air et d’habitacle de premier rang.',
      pt: 'Filtros de óleo, ar e habitáculo de primeira marca.',
    },
    body: {
      es: '<p>Incorporamos 1.200 referencias de filtros con entrega en 24 horas.</p>',
      en: '<p>We add 1,200 filter references delivered within 24 hours.</p>',
      fr: '<p>Nous ajoutons 1 200 références de filtres livrées en 24 heures.</p>',
      pt: '<p>Incorporámos 1.200 referências de filtros com entrega em 24 horas.</p>',
    },
  },
];

const PRODUCTS: Item[] = [
  ['Kit de embrague reforzado', 'Reinforced clutch kit', 'Kit d’embrayage renforcé', 'Kit de embraiagem reforçado'],
  ['Amortiguadores de gas', 'Gas shock absorbers', 'Amortisseurs à gaz', 'Amortecedores a gás'],
  ['Escobillas planas', 'Flat wiper blades', 'Balais plats', 'Escovas planas'],
  ['Aceite sintético 5W30', 'Synthetic oil 5W30', 'Huile synthétique 5W30', 'Óleo sintético 5W30'],
  ['Faros LED homologados', 'Approved LED headlamps', 'Phares LED homologués', 'Faróis LED homologados'],
  ['Bujías de iridio', 'Iridium spark plugs', 'Bougies iridium', 'Velas de irídio'],
  ['Correas de distribución', 'Timing belts', 'Courroies de distribution', 'Correias de distribuição'],
  ['Sensores ABS', 'ABS sensors', 'Capteurs ABS', 'Sensores ABS'],
].map(([es, en, fr, pt]) => ({
  title: { es: es!, en: en!, fr: fr!, pt: pt! },
  summary: {
    es: `${es}: disponibles en todas las tiendas.`,
    en: `${en}: available in every store.`,
    fr: `${fr} : disponibles dans tous les magasins.`,
    pt: `${pt}: disponíveis em todas as lojas.`,
  },
  body: {
    es: `<p>${es} de primeras marcas, con garantía de dos años.</p>`,
    en: `<p>${en} from leading brands, with a two-year warranty.</p>`,
    fr: `<p>${fr} de grandes marques, garantie deux ans.</p>`,
    pt: `<p>${pt} de primeiras marcas, com garantia de dois anos.</p>`,
  },
}));

const EVENTS: Words[] = [
  {
    es: 'Jornada técnica de frenos',
    en: 'Brake technical day',
    fr: 'Journée technique freinage',
    pt: 'Jornada técnica de travões',
  },
  { es: 'Feria Motortec', en: 'Motortec fair', fr: 'Salon Motortec', pt: 'Feira Motortec' },
  { es: 'Curso de diagnosis', en: 'Diagnostics course', fr: 'Formation diagnostic', pt: 'Curso de diagnóstico' },
  { es: 'Inventario anual', en: 'Annual stocktaking', fr: 'Inventaire annuel', pt: 'Inventário anual' },
  {
    es: 'Taller de climatización',
    en: 'Air-conditioning workshop',
    fr: 'Atelier climatisation',
    pt: 'Oficina de climatização',
  },
  { es: 'Presentación de lunas', en: 'Glass range launch', fr: 'Présentation vitrage', pt: 'Apresentação de vidros' },
];

const EVENT_SUMMARY: Words = {
  es: 'Plazas limitadas: apúntese en su tienda.',
  en: 'Limited places: sign up at your store.',
  fr: 'Places limitées : inscrivez-vous en magasin.',
  pt: 'Vagas limitadas: inscreva-se na sua loja.',
};
const EVENT_BODY: Words = {
  es: 'Le esperamos en el almacén con los técnicos de las marcas; habrá demostraciones y condiciones especiales.',
  en: 'Join the brands’ technicians at the warehouse, with demonstrations and special terms.',
  fr: 'Retrouvez les techniciens des marques à l’entrepôt, avec démonstrations et conditions spéciales.',
  pt: 'Esperamos por si no armazém com os técnicos das marcas, com demonstrações e condições especiais.',
};

const EDITION: Words = { es: 'edición', en: 'edition', fr: 'édition', pt: 'edição' };

const HELP: Item = {
  title: { es: 'Centro de ayuda', en: 'Help desk', fr: 'Centre d’aide', pt: 'Centro de ajuda' },
  summary: {
    es: 'Cómo pedir, devolver y descargar sus documentos.',
    en: 'How to order, return and download your documents.',
    fr: 'Comment commander, retourner et télécharger vos documents.',
    pt: 'Como encomendar, devolver e descarregar os seus documentos.',
  },
  body: {
    es: '<h2>Cómo pedir</h2><p>Busque por vehículo, referencia, OEM, EUROCODE o matrícula, añada al carrito y finalice el pedido por tienda.</p><h2>Devoluciones</h2><p>Desde un albarán, pulse <strong>Devolver</strong> en la línea, indique motivo y cantidad y finalice el carrito de devoluciones.</p><h2>Documentos</h2><p>Pedidos, albaranes y facturas se descargan en PDF o Excel desde su listado.</p>',
    en: '<h2>How to order</h2><p>Search by vehicle, reference, OEM, EUROCODE or licence plate, add to the cart and check out per store.</p><h2>Returns</h2><p>From a packing slip, press <strong>Return</strong> on the line, give a reason and a quantity and finish the returns cart.</p><h2>Documents</h2><p>Orders, packing slips and invoices download as PDF or Excel from their lists.</p>',
    fr: '<h2>Commander</h2><p>Cherchez par véhicule, référence, OEM, EUROCODE ou immatriculation, ajoutez au panier et validez par magasin.</p><h2>Retours</h2><p>Depuis un bon de livraison, cliquez sur <strong>Retourner</strong> sur la ligne, indiquez le motif et la quantité puis validez le panier de retours.</p><h2>Documents</h2><p>Commandes, bons de livraison et factures se téléchargent en PDF ou Excel depuis leur liste.</p>',
    pt: '<h2>Como encomendar</h2><p>Procure por veículo, referência, OEM, EUROCODE ou matrícula, adicione ao carrinho e finalize por loja.</p><h2>Devoluções</h2><p>A partir de uma guia de remessa, carregue em <strong>Devolver</strong> na linha, indique o motivo e a quantidade e finalize o carrinho de devoluções.</p><h2>Documentos</h2><p>Encomendas, guias e faturas descarregam-se em PDF ou Excel a partir da sua lista.</p>',
  },
};

const DAY = 86_400_000;

type SeedPost = {
  kind: number;
  item: Item;
  createdAt: Date;
  starts?: Date;
  ends?: Date;
  slug?: string;
  active?: boolean;
  langs?: LanguageKey[];
};

async function insertPosts(db: Db, list: SeedPost[], categoryIds: number[], rng: Rng): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < list.length; i += 500) {
    const batch = list.slice(i, i + 500);
    const rows = await queryRows(
      db,
      sql`insert into posts (kind, name, category_id, active, starts_at, ends_at, slug, created_at, updated_at)
          values ${sql.join(
            batch.map(
              (p) =>
                sql`(${p.kind}, ${p.item.title.es}, ${categoryIds.length > 0 && p.kind !== POST_KINDS.page ? rng.pick(categoryIds) : null},
                     ${p.active ?? true}, ${p.starts?.toISOString() ?? null}, ${p.ends?.toISOString() ?? null},
                     ${p.slug ?? null}, ${p.createdAt.toISOString()}, ${p.createdAt.toISOString()})`,
            ),
            sql`, `,
          )}
          returning id`,
      idRow,
    );
    ids.push(...rows.map((r) => r.id));
    const texts = batch.flatMap((p, k) =>
      (p.langs ?? LANGS).map(
        (lang) => sql`(${rows[k]!.id}, ${lang}, ${p.item.title[lang]}, ${p.item.summary[lang]}, ${p.item.body[lang]})`,
      ),
    );
    for (let j = 0; j < texts.length; j += 1000) {
      await db.execute(
        sql`insert into post_texts (post_id, lang, title, summary, body_html) values ${sql.join(texts.slice(j, j + 1000), sql`, `)}`,
      );
    }
  }
  return ids;
}

const withEdition = (item: Item, n: number): Item =>
  n === 0
    ? item
    : {
        ...item,
        title: Object.fromEntries(LANGS.map((l) => [l, `${item.title[l]} (${n + 1}.ª ${EDITION[l]})`])) as Words,
      };

/**
 * The demo posts (decision 0039): 30 news, 8 product posts, a dozen calendar events around the day of the seed
 * (with related news), the help page, in es, en, fr and pt; one inactive news item (a draft). At the large scale,
 * 10,000 posts in all (the grid's bench). Images are attached by `attachDemoPostImages` once the gallery exists.
 */
export async function seedPosts(db: Db, rng: Rng, scale: 'demo' | 'large'): Promise<void> {
  const categoryIds = (await queryRows(db, sql`select id from categories order by id`, idRow)).map((r) => r.id);
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const list: SeedPost[] = [];
  for (let n = 0; n < 30; n++) {
    const item = withEdition(NEWS[n % NEWS.length]!, Math.floor(n / NEWS.length));
    // One a few days apart, the newest yesterday; the newest but one is a draft nobody but admins sees.
    list.push({ kind: POST_KINDS.news, item, createdAt: new Date(today - (1 + (29 - n) * 3) * DAY), active: n !== 28 });
  }
  PRODUCTS.forEach((item, n) => {
    list.push({ kind: POST_KINDS.product, item, createdAt: new Date(today - (60 - n * 5) * DAY) });
  });
  for (let n = 0; n < 12; n++) {
    const words = EVENTS[n % EVENTS.length]!;
    const start = new Date(today + (n * 6 - 20) * DAY + 9 * 3_600_000);
    const item: Item = {
      title: Object.fromEntries(LANGS.map((l) => [l, n < EVENTS.length ? words[l] : `${words[l]} II`])) as Words,
      summary: EVENT_SUMMARY,
      body: Object.fromEntries(LANGS.map((l) => [l, `<p><strong>${words[l]}</strong>. ${EVENT_BODY[l]}</p>`])) as Words,
    };
    list.push({
      kind: POST_KINDS.calendar,
      item,
      createdAt: new Date(today - (40 - n) * DAY),
      starts: start,
      ends: new Date(start.getTime() + (n % 3) * DAY + 8 * 3_600_000),
    });
  }
  list.push({ kind: POST_KINDS.page, item: HELP, createdAt: new Date(today - 90 * DAY), slug: HELP_PAGE_SLUG });
  const ids = await insertPosts(db, list, categoryIds, rng);
  // Each event relates to two news items.
  const newsIds = ids.slice(0, 30);
  const eventIds = ids.slice(38, 50);
  const relations = eventIds.flatMap((event, n) => [
    sql`(${event}, ${newsIds[(n * 2) % 28]!}, 0)`,
    sql`(${event}, ${newsIds[(n * 2 + 1) % 28]!}, 1)`,
  ]);
  await db.execute(
    sql`insert into post_relations (event_id, post_id, position) values ${sql.join(relations, sql`, `)}`,
  );
  if (scale === 'large') await seedMorePosts(db, rng, 10_000 - list.length, categoryIds);
}

/** Adds `total` posts (6 in 10 news, 3 products, 1 page, one to four languages each): the large scale, the bench. */
export async function seedMorePosts(db: Db, rng: Rng, total: number, categoryIds?: number[]): Promise<void> {
  const categories =
    categoryIds ?? (await queryRows(db, sql`select id from categories order by id`, idRow)).map((r) => r.id);
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const more: SeedPost[] = [];
  for (let n = 0; n < total; n++) {
    const kind = n % 10 < 6 ? POST_KINDS.news : n % 10 < 9 ? POST_KINDS.product : POST_KINDS.page;
    const base = kind === POST_KINDS.product ? PRODUCTS[n % PRODUCTS.length]! : NEWS[n % NEWS.length]!;
    more.push({
      kind,
      item: withEdition(base, 2 + Math.floor(n / 10)),
      createdAt: new Date(today - (200 + n) * 3_600_000 * 2),
      langs: LANGS.slice(0, 1 + (n % 4)),
    });
  }
  await insertPosts(db, more, categories, rng);
}

/**
 * Gives the demo news and product posts the gallery's pictures (thumbnail, medium and banner), once the gallery is
 * seeded (it goes through the storage, after the database seed). Answers false when already done or no images yet.
 */
export async function attachDemoPostImages(db: Db): Promise<boolean> {
  if (await getSetting(db, 'seed.posts.images')) return false;
  const images = (await queryRows(db, sql`select id from images order by id limit 30`, idRow)).map((r) => r.id);
  if (images.length === 0 || !(await getSetting(db, 'seed.posts'))) return false;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update post_texts t set image_thumbnail_id = i.id, image_medium_id = i.id, image_banner_id = i.id
            from posts p, (select id, row_number() over (order by id) - 1 as n from images where id in (${sql.join(
              images.map((i) => sql`${i}`),
              sql`, `,
            )})) i
           where p.id = t.post_id and p.kind in (${POST_KINDS.news}, ${POST_KINDS.product}) and p.created_by is null
             and t.image_banner_id is null and i.n = p.id % ${images.length}`,
    );
    await setSetting(tx, 'seed.posts.images', 'done');
  });
  return true;
}
