/** Demo categories, zones, menus and FAQ packs (issue 15; decisions 0037, 0038). Deterministic, no randomness. */
import { LANGUAGE_KEYS, type LanguageKey } from '@portal/contract/constants';
import type { Db } from '../client.ts';
import {
  categories,
  categoryTexts,
  faqPacks,
  faqResponses,
  menus,
  zones,
  zoneTexts,
} from '../schema/content-structure.ts';
import { FAQ_SEED } from './content-structure-faq.ts';

type Names = Record<LanguageKey, string>;
type CategorySeed = { names: Names; icon?: string; children?: CategorySeed[] };

const n = (es: string, en: string, fr: string, pt: string): Names => ({ es, en, fr, pt });

/** Three levels: sections, families, sub-families. */
export const CATEGORY_SEED: CategorySeed[] = [
  {
    names: n('Noticias', 'News', 'Actualités', 'Notícias'),
    icon: 'NotificationOutlined',
    children: [
      {
        names: n('Empresa', 'Company', 'Entreprise', 'Empresa'),
        children: [
          { names: n('Aperturas de tiendas', 'Store openings', 'Ouvertures de magasins', 'Aberturas de lojas') },
          { names: n('Formación', 'Training', 'Formation', 'Formação') },
        ],
      },
      {
        names: n('Sector', 'Industry', 'Secteur', 'Setor'),
        children: [{ names: n('Normativa', 'Regulations', 'Réglementation', 'Regulamentação') }],
      },
    ],
  },
  {
    names: n('Productos', 'Products', 'Produits', 'Produtos'),
    icon: 'TagsOutlined',
    children: [
      {
        names: n('Frenos', 'Brakes', 'Freinage', 'Travões'),
        children: [
          { names: n('Pastillas', 'Brake pads', 'Plaquettes', 'Pastilhas') },
          { names: n('Discos', 'Brake discs', 'Disques', 'Discos') },
        ],
      },
      {
        names: n('Lunas', 'Glazing', 'Vitrage', 'Vidros'),
        children: [
          { names: n('Parabrisas', 'Windscreens', 'Pare-brise', 'Para-brisas') },
          { names: n('Lunetas', 'Rear windows', 'Lunettes arrière', 'Óculos traseiros') },
        ],
      },
      { names: n('Filtros', 'Filters', 'Filtres', 'Filtros') },
    ],
  },
  {
    names: n('Eventos', 'Events', 'Événements', 'Eventos'),
    icon: 'CalendarOutlined',
    children: [
      { names: n('Ferias', 'Trade fairs', 'Salons', 'Feiras') },
      { names: n('Cursos', 'Courses', 'Cours', 'Cursos') },
    ],
  },
  { names: n('Páginas', 'Pages', 'Pages', 'Páginas'), icon: 'FileOutlined' },
];

export const ZONE_SEED: { code: string; names: Names }[] = [
  { code: 'header', names: n('Cabecera', 'Header', 'En-tête', 'Cabeçalho') },
  { code: 'footer', names: n('Pie de página', 'Footer', 'Pied de page', 'Rodapé') },
  { code: 'dashboard', names: n('Panel de inicio', 'Dashboard', 'Tableau de bord', 'Painel inicial') },
];

type MenuSeed = { title: string; icon?: string; cod: number; mode: 1 | 2; items?: MenuSeed[] };
type MenuTitles = { news: string; products: string; events: string; pages: string; about: string; info: string };

const MENU_TITLES: Record<LanguageKey | 'eu', MenuTitles> = {
  es: {
    news: 'Noticias',
    products: 'Productos',
    events: 'Calendario',
    pages: 'Páginas',
    about: 'Sobre nosotros',
    info: 'Información',
  },
  eu: {
    news: 'Albisteak',
    products: 'Produktuak',
    events: 'Egutegia',
    pages: 'Orriak',
    about: 'Guri buruz',
    info: 'Informazioa',
  },
  en: {
    news: 'News',
    products: 'Products',
    events: 'Calendar',
    pages: 'Pages',
    about: 'About us',
    info: 'Information',
  },
  fr: {
    news: 'Actualités',
    products: 'Produits',
    events: 'Calendrier',
    pages: 'Pages',
    about: 'Qui sommes-nous',
    info: 'Informations',
  },
  pt: {
    news: 'Notícias',
    products: 'Produtos',
    events: 'Calendário',
    pages: 'Páginas',
    about: 'Quem somos',
    info: 'Informação',
  },
};

/** Per zone, the menus of one language (links to the lists of posts; headings group them). */
function menusOf(t: MenuTitles): Record<string, MenuSeed[]> {
  return {
    header: [
      { title: t.news, icon: 'NotificationOutlined', cod: 1, mode: 1 },
      { title: t.products, icon: 'TagsOutlined', cod: 2, mode: 1 },
      { title: t.events, icon: 'CalendarOutlined', cod: 3, mode: 1 },
    ],
    footer: [
      {
        title: t.info,
        cod: 4,
        mode: 2,
        items: [
          { title: t.about, icon: 'ShopOutlined', cod: 4, mode: 1 },
          { title: t.pages, icon: 'FileOutlined', cod: 4, mode: 1 },
        ],
      },
    ],
    dashboard: [
      { title: t.news, icon: 'NotificationOutlined', cod: 1, mode: 1 },
      { title: t.events, icon: 'CalendarOutlined', cod: 3, mode: 1 },
      { title: t.products, icon: 'TagsOutlined', cod: 2, mode: 1 },
    ],
  };
}

export async function seedContentStructure(db: Db): Promise<void> {
  const insertCategories = async (items: CategorySeed[], parentId: number | null) => {
    for (const [position, item] of items.entries()) {
      const [row] = await db
        .insert(categories)
        .values({ parentId, position, icon: item.icon ?? null })
        .returning({ id: categories.id });
      await db
        .insert(categoryTexts)
        .values(LANGUAGE_KEYS.map((lang) => ({ categoryId: row!.id, lang, name: item.names[lang] })));
      await insertCategories(item.children ?? [], row!.id);
    }
  };
  await insertCategories(CATEGORY_SEED, null);

  const zoneIds = new Map<string, number>();
  for (const zone of ZONE_SEED) {
    const [row] = await db.insert(zones).values({ code: zone.code }).returning({ id: zones.id });
    zoneIds.set(zone.code, row!.id);
    await db.insert(zoneTexts).values(LANGUAGE_KEYS.map((lang) => ({ zoneId: row!.id, lang, name: zone.names[lang] })));
  }

  for (const [lang, titles] of Object.entries(MENU_TITLES)) {
    for (const [zoneCode, items] of Object.entries(menusOf(titles))) {
      const insert = async (list: MenuSeed[], parentId: number | null) => {
        for (const [position, item] of list.entries()) {
          const [row] = await db
            .insert(menus)
            .values({
              lang,
              zoneId: zoneIds.get(zoneCode)!,
              parentId,
              position,
              title: item.title,
              icon: item.icon ?? null,
              lnkobjetoCod: item.cod,
              lnkmode: item.mode,
            })
            .returning({ id: menus.id });
          await insert(item.items ?? [], row!.id);
        }
      };
      await insert(items, null);
    }
  }

  for (const lang of LANGUAGE_KEYS) {
    const faq = FAQ_SEED[lang];
    const packs = [
      { name: faq.publicName, description: '', typeCod: 2, list: faq.public },
      { name: faq.privateName, description: '', typeCod: 1, list: faq.private },
      { name: faq.normalName, description: '', typeCod: 0, list: [...faq.private.slice(5), ...faq.public.slice(0, 4)] },
    ];
    for (const pack of packs) {
      const [row] = await db
        .insert(faqPacks)
        .values({ lang, name: pack.name, description: pack.description, typeCod: pack.typeCod, active: true })
        .returning({ id: faqPacks.id });
      await db.insert(faqResponses).values(
        pack.list.map(([question, answer], position) => ({
          packId: row!.id,
          position,
          question,
          answerHtml: answer,
        })),
      );
    }
  }
  // A draft (inactive) pack: admins see it, customers never do.
  const [draft] = await db
    .insert(faqPacks)
    .values({
      lang: 'es',
      name: 'Borrador: novedades de temporada',
      description: 'Pendiente de revisar',
      typeCod: 0,
      active: false,
    })
    .returning({ id: faqPacks.id });
  await db.insert(faqResponses).values({
    packId: draft!.id,
    position: 0,
    question: '¿Pregunta secreta del borrador?',
    answerHtml: '<p>Respuesta del borrador.</p>',
  });
}
