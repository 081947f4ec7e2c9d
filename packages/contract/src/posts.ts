/**
 * Posts (spec part 2 §2 Posts, §3 Post, §4 new records, §5 languages, §7 /api/inpost, §8 messages, §9 post types and
 * image slots): news, products, calendar events and pages, each with a text per language. Decisions 0039, 0040.
 */
import { z } from 'zod';
import { LANGUAGE_KEYS } from './constants.ts';
import { zoneMenu } from './content-tree.ts';
import { type GridDefinition, gridResponse } from './grids.ts';

/** Post types (part 2 §9): 1 news, 2 products, 3 calendars, 4 pages; the list's default is 4. */
export const POST_KINDS = { news: 1, product: 2, calendar: 3, page: 4 } as const;
export type PostKind = (typeof POST_KINDS)[keyof typeof POST_KINDS];
export const POST_KIND_CODES = [1, 2, 3, 4] as const;
export const DEFAULT_POST_KIND: PostKind = 4;

/** The three image slots a post's language has (part 2 §9: 1 thumbnail, 2 medium, 3 banner). */
export const POST_IMAGE_SLOTS = ['image_thumbnail_id', 'image_medium_id', 'image_banner_id'] as const;
export type PostImageSlot = (typeof POST_IMAGE_SLOTS)[number];
/** The gallery slot (images contract) each post slot is served in. */
export const POST_SLOT_SIZE: Record<PostImageSlot, 1 | 2 | 3> = {
  image_thumbnail_id: 1,
  image_medium_id: 2,
  image_banner_id: 3,
};

export const POST_LIMITS = {
  titleMax: 200,
  summaryMax: 500,
  /** The body's HTML, before sanitising (about 100 pages of text). */
  bodyMax: 200_000,
  relatedMax: 20,
  listPageSizeMax: 50,
  dashboardNews: 4,
  dashboardEvents: 5,
  emailMax: 254,
} as const;

/** The role of the page shown at /help (decision 0040). */
export const HELP_PAGE_SLUG = 'help';

/** The dictionary keys the rules and results answer with; the web shows the same ones. */
export const POST_MESSAGES = {
  languageAlreadyAdded: 'WARN_LanguageAlreadyAdded',
  oneLanguageRequired: 'MSG_OneLanguageRequired',
  titleRequired: 'WARN_PostTitleRequired',
  titleTooLong: 'WARN_PostTitleTooLong',
  summaryTooLong: 'WARN_PostSummaryTooLong',
  bodyTooLong: 'WARN_PostBodyTooLong',
  datesRequired: 'WARN_PostEventDatesRequired',
  dateInvalid: 'WARN_PostDateInvalid',
  endBeforeStart: 'WARN_PostEventEndBeforeStart',
  datesOnlyForEvents: 'WARN_PostDatesOnlyForEvents',
  relatedOnlyForEvents: 'WARN_PostRelatedOnlyForEvents',
  relatedTooMany: 'WARN_PostRelatedTooMany',
  relatedUnknown: 'WARN_PostRelatedUnknown',
  relatedSelf: 'WARN_PostRelatedSelf',
  categoryUnknown: 'WARN_PostCategoryUnknown',
  imageUnknown: 'WARN_PostImageUnknown',
  kindChanged: 'WARN_PostKindChanged',
  emailInvalid: 'WARN_PostEmailInvalid',
  saved: 'MSG_SavedOk',
  deleted: 'WARN_DeleteOK',
  sent: 'MSG_PostSent',
} as const;

export const postLanguage = z.enum(LANGUAGE_KEYS);
export const postKind = z.coerce
  .number()
  .int()
  .refine((n): n is PostKind => (POST_KIND_CODES as readonly number[]).includes(n), 'WARN_ValidationError');

const imageId = z.number().int().min(1).max(2_147_483_647).nullable().default(null);

/** One language of a post as the editor sends it (spec: postposted with idioma_cod and the three image ids). */
export const postText = z.object({
  idioma_cod: postLanguage,
  titulo: z
    .string()
    .trim()
    .min(1, { message: POST_MESSAGES.titleRequired })
    .max(POST_LIMITS.titleMax, { message: POST_MESSAGES.titleTooLong }),
  resumen: z.string().trim().max(POST_LIMITS.summaryMax, { message: POST_MESSAGES.summaryTooLong }).default(''),
  /** Rich text (HTML): sanitised on save and again on render. */
  contenido: z.string().max(POST_LIMITS.bodyMax, { message: POST_MESSAGES.bodyTooLong }).default(''),
  image_thumbnail_id: imageId,
  image_medium_id: imageId,
  image_banner_id: imageId,
});
export type PostTextInput = z.input<typeof postText>;

/** The languages of a post: at least one, each once (part 2 §5). */
export const postTexts = z.array(postText).superRefine((texts, ctx) => {
  if (texts.length === 0) ctx.addIssue({ code: 'custom', message: POST_MESSAGES.oneLanguageRequired });
  const seen = new Set<string>();
  texts.forEach((text, index) => {
    if (seen.has(text.idioma_cod)) {
      ctx.addIssue({ code: 'custom', message: POST_MESSAGES.languageAlreadyAdded, path: [index, 'idioma_cod'] });
    }
    seen.add(text.idioma_cod);
  });
});

const dateTime = z
  .string()
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v), { message: POST_MESSAGES.dateInvalid })
  .nullable()
  .default(null);

/** POST putpost/{id}: the post as the admin edits it. */
export const putPostBody = z
  .object({
    post_cod: postKind,
    sw_activo: z.boolean().default(true),
    id_categoria: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
    /** A calendar event's start and end (ISO 8601), required for kind 3 and refused for the others. */
    fecha_inicio: dateTime,
    fecha_fin: dateTime,
    /** The posts related to a calendar event. */
    relacionados: z
      .array(z.number().int().min(1).max(2_147_483_647))
      .max(POST_LIMITS.relatedMax, { message: POST_MESSAGES.relatedTooMany })
      .default([]),
    postposted: postTexts,
  })
  .superRefine((post, ctx) => {
    if (post.post_cod === POST_KINDS.calendar) {
      if (!post.fecha_inicio)
        ctx.addIssue({ code: 'custom', message: POST_MESSAGES.datesRequired, path: ['fecha_inicio'] });
      if (!post.fecha_fin) ctx.addIssue({ code: 'custom', message: POST_MESSAGES.datesRequired, path: ['fecha_fin'] });
      if (post.fecha_inicio && post.fecha_fin && Date.parse(post.fecha_fin) < Date.parse(post.fecha_inicio)) {
        ctx.addIssue({ code: 'custom', message: POST_MESSAGES.endBeforeStart, path: ['fecha_fin'] });
      }
    } else {
      if (post.fecha_inicio || post.fecha_fin) {
        ctx.addIssue({ code: 'custom', message: POST_MESSAGES.datesOnlyForEvents, path: ['fecha_inicio'] });
      }
      if (post.relacionados.length > 0) {
        ctx.addIssue({ code: 'custom', message: POST_MESSAGES.relatedOnlyForEvents, path: ['relacionados'] });
      }
    }
    if (new Set(post.relacionados).size !== post.relacionados.length) {
      ctx.addIssue({ code: 'custom', message: POST_MESSAGES.relatedUnknown, path: ['relacionados'] });
    }
  });
export type PutPostBody = z.input<typeof putPostBody>;
export type PutPostData = z.output<typeof putPostBody>;

/** The id of a post in a path: 0 (or "new") is a post not saved yet (putpost creates it; spec §4). */
export const postIdParams = z.object({
  id: z.union([z.literal('new').transform(() => 0), z.coerce.number().int().min(0).max(2_147_483_647)]),
});
export const postSavedIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const postKindParams = z.object({ cod: postKind });

export const postLangQuery = z.object({ lang: postLanguage.default('es') });
/** getpost/{id}: admins get every language; customers the one they read (`lang`). */
export const getPostQuery = z.object({ lang: postLanguage.optional() });

/** An image of a post's slot: its id and the URL of that slot (public, immutable: the content hash is in it). */
export const postImage = z.object({ id: z.number().int(), url: z.string() });
export type PostImage = z.infer<typeof postImage>;

export const postTextDetail = z.object({
  idioma_cod: postLanguage,
  titulo: z.string(),
  resumen: z.string(),
  contenido: z.string(),
  image_thumbnail_id: z.number().int().nullable(),
  image_medium_id: z.number().int().nullable(),
  image_banner_id: z.number().int().nullable(),
  images: z.object({
    image_thumbnail_id: postImage.nullable(),
    image_medium_id: postImage.nullable(),
    image_banner_id: postImage.nullable(),
  }),
});
export type PostTextDetail = z.infer<typeof postTextDetail>;

/** A short view of a post in one language: lists, the dashboard, related posts. */
export const postSummary = z.object({
  id_post: z.number().int(),
  post_cod: z.number().int(),
  idioma_cod: postLanguage,
  titulo: z.string(),
  resumen: z.string(),
  fecha_creacion: z.string(),
  fecha_inicio: z.string().nullable(),
  fecha_fin: z.string().nullable(),
  thumbnail: z.string().nullable(),
  banner: z.string().nullable(),
});
export type PostSummary = z.infer<typeof postSummary>;

/** GET getpost/{id} and getnewpost/{cod}: the post with its languages (customers: the one they read). */
export const postDetail = z.object({
  id_post: z.number().int(),
  post_cod: z.number().int(),
  sw_activo: z.boolean(),
  id_categoria: z.number().int().nullable(),
  categoria: z.string().nullable(),
  fecha_inicio: z.string().nullable(),
  fecha_fin: z.string().nullable(),
  fecha_creacion: z.string().nullable(),
  fecha_modificacion: z.string().nullable(),
  relacionados: z.array(z.number().int()),
  slug: z.string().nullable(),
  postposted: z.array(postTextDetail),
});
export type PostDetail = z.infer<typeof postDetail>;

export const putPostResponse = z.object({ message: z.literal(POST_MESSAGES.saved), id_post: z.number().int() });
export const deletePostResponse = z.object({ message: z.literal(POST_MESSAGES.deleted), id_post: z.number().int() });

/** GET getrelatedpostsbyevent/{id}: the posts related to an event, in the language asked (or every one for admins). */
export const relatedPostsQuery = z.object({ lang: postLanguage.default('es') });
export const relatedPostsResponse = z.array(postSummary);

/** GET getlist: the customers' list of a kind in a language, newest first (events: soonest first). */
export const postListQuery = z.object({
  tipo: postKind.default(DEFAULT_POST_KIND),
  lang: postLanguage.default('es'),
  pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(POST_LIMITS.listPageSizeMax).default(10),
});
export const postListResponse = z.object({ total: z.number().int(), items: z.array(postSummary) });
export type PostListResponse = z.infer<typeof postListResponse>;

/** POST sendpostbyemail/{id}: the recipient, and the language of the post to send. */
export const sendPostBody = z.object({
  email: z
    .string()
    .trim()
    .max(POST_LIMITS.emailMax, { message: POST_MESSAGES.emailInvalid })
    .pipe(z.email({ message: POST_MESSAGES.emailInvalid })),
  lang: postLanguage.optional(),
});
export const sendPostResponse = z.object({ message: z.literal(POST_MESSAGES.sent), id_post: z.number().int() });

/** GET GetPostsJqGrid (admins): the posts of a kind (part 2 §3 list columns), creation date descending. */
export const POSTS_GRID = {
  columns: {
    Id_Post: { type: 'number', sortable: true, filterable: true },
    Nombre: { type: 'text', sortable: true, filterable: true },
    Fecha_Creacion: { type: 'datetime', sortable: true, filterable: true },
    Fecha_Modificacion: { type: 'datetime', sortable: true, filterable: true },
    SW_Activo: { type: 'bool', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'Fecha_Creacion', sord: 'desc' },
} as const satisfies GridDefinition;

export const postsGridExtraQuery = z.object({
  tipo: postKind.default(DEFAULT_POST_KIND),
  /** Only the posts that have this language. */
  lang: postLanguage.optional(),
});
export const postGridRow = z.object({
  Id_Post: z.number().int(),
  Nombre: z.string(),
  Fecha_Creacion: z.string(),
  Fecha_Modificacion: z.string(),
  SW_Activo: z.boolean(),
  Idiomas: z.string(),
});
export type PostGridRow = z.infer<typeof postGridRow>;
export const postsGridResponse = gridResponse(postGridRow);

/** The home store's contact shown on /help (from the store data). */
export const helpStore = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  zipcode: z.string(),
  province: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  opening_hours: z.string().nullable(),
});
export type HelpStore = z.infer<typeof helpStore>;

/** GET gethelp: the help page in the language asked (Spanish when missing) and the caller's home store. */
export const helpResponse = z.object({
  page: postDetail.nullable(),
  store: helpStore.nullable(),
  /** Admins: the id of the help page to edit (also when it lacks the language asked); null for others. */
  edit_id: z.number().int().nullable(),
});
export type HelpResponse = z.infer<typeof helpResponse>;

/** GET dashboard: everything the dashboard shows besides the welcome text, in one call. */
export const dashboardResponse = z.object({
  news: z.array(postSummary),
  events: z.array(postSummary),
  /** The active menus of the zone 'dashboard' (content-tree's menusForZone), with the paths they open. */
  menus: z.array(zoneMenu),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
