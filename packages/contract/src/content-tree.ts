/**
 * Categories, menus and zones (spec part 2 §2 Settings, §3, §4, §5, §7 /api/incategory and /api/inmenu, §9):
 * the trees admins reorganise by drag and drop, their forms and the rules both sides apply (decision 0037).
 */
import { z } from 'zod';
import { INT4_MAX, LANGUAGE_KEYS, type LanguageKey, RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/** The dictionary keys the rules answer with; the web shows the same ones. */
export const TREE_MESSAGES = {
  saveError: 'WARN_SaveERR',
  saved: 'WARN_SaveOK',
  deleted: 'WARN_DeleteOK',
  languageAlreadyAdded: 'WARN_LanguageAlreadyAdded',
  oneLanguageMustExist: 'MSG_OneLanguageMustExist',
  nameRequired: 'MSG_ContentNameRequired',
  nameTooLong: 'MSG_ContentNameTooLong',
  iconUnknown: 'MSG_ContentIconUnknown',
  zoneCodeInvalid: 'MSG_ZoneCodeInvalid',
  zoneCodeTaken: 'MSG_ZoneCodeTaken',
  zoneUnknown: 'MSG_ZoneUnknown',
  parentUnknown: 'MSG_TreeParentUnknown',
  postRequired: 'MSG_MenuPostRequired',
  hasChildren: 'MSG_TreeHasChildren',
  zoneHasMenus: 'MSG_ZoneHasMenus',
  categoryInUse: 'MSG_CategoryInUse',
  /** The reasons of a refused reorganisation, sent as `messagedetail` of WARN_SaveERR. */
  treeNodeLost: 'MSG_TreeNodeLost',
  treeNodeUnknown: 'MSG_TreeNodeUnknown',
  treeLoop: 'MSG_TreeLoop',
  treeStale: 'MSG_TreeStale',
  treeTooDeep: 'MSG_TreeTooDeep',
  treeZoneRequired: 'MSG_TreeZoneRequired',
} as const;

export const TREE_LIMITS = { nameMax: 120, maxDepth: 12, maxNodes: 5000, zoneCodeMax: 40 } as const;

/** Menu languages (spec part 2 §9): es Castellano and eu Euskara, plus the portal's other languages. */
export const MENU_LANGUAGES = [
  { key: 'es', title: 'Castellano' },
  { key: 'eu', title: 'Euskara' },
  { key: 'en', title: 'English' },
  { key: 'fr', title: 'Français' },
  { key: 'pt', title: 'Português' },
] as const;
export type MenuLanguageKey = (typeof MENU_LANGUAGES)[number]['key'];
export const MENU_LANGUAGE_KEYS = MENU_LANGUAGES.map((l) => l.key) as [MenuLanguageKey, ...MenuLanguageKey[]];

/** The icons a menu or category may carry: exactly the ones the web draws (antd names; the "icon list script"). */
export const MENU_ICONS = [
  'HomeOutlined',
  'AppstoreOutlined',
  'NotificationOutlined',
  'TagsOutlined',
  'CalendarOutlined',
  'FileOutlined',
  'FileTextOutlined',
  'ReadOutlined',
  'QuestionCircleOutlined',
  'CustomerServiceOutlined',
  'EnvironmentOutlined',
  'ShopOutlined',
  'ShoppingOutlined',
  'CarOutlined',
  'GlobalOutlined',
  'TeamOutlined',
  'SolutionOutlined',
  'FolderOutlined',
  'PictureOutlined',
  'SettingOutlined',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** What a menu links to (lnkobjeto_cod): the post kinds (spec §3 Menu; default 4 page). */
export const LINK_OBJECT_CODES = [1, 2, 3, 4] as const;
export type LinkObjectCode = (typeof LINK_OBJECT_CODES)[number];
/** How it links (lnkmode, decision 0038): 0 one post, 1 the list of posts of that kind, 2 no link (a heading). */
export const LINK_MODES = { post: 0, list: 1, heading: 2 } as const;
export type LinkMode = (typeof LINK_MODES)[keyof typeof LINK_MODES];

/**
 * The web path a menu opens: one post's page, or the list of a kind, or nothing (a heading).
 * The post pages belong to the posts area (issue 15, second half): `/post/{kind}/{id}` (a post's page, the editor
 * for admins) and `/post/{kind}` (the customers' list of a kind).
 */
export function menuHref(menu: { lnkmode: number; lnkobjeto_cod: number; lnkobjeto_id: number | null }) {
  if (menu.lnkmode === LINK_MODES.post && menu.lnkobjeto_id) return `/post/${menu.lnkobjeto_cod}/${menu.lnkobjeto_id}`;
  if (menu.lnkmode === LINK_MODES.list) return `/post/${menu.lnkobjeto_cod}`;
  return null;
}

/** The well-known zones whose menus the layout draws. */
export const ZONE_CODES = { header: 'header', footer: 'footer', dashboard: 'dashboard' } as const;

// ---- trees --------------------------------------------------------------------------------------------------

/** A node as the tree views send it (spec: id, nombre, children, icon). */
export type TreeNode = { id: number; nombre: string; icon: string | null; children: TreeNode[] };
export const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({ id: z.number().int(), nombre: z.string(), icon: z.string().nullable(), children: z.array(treeNode) }),
);
// Named for the API document: a recursive schema is a component there (decision 0055).
z.globalRegistry.add(treeNode, { id: 'TreeNode' });

/** A node as a reorganisation posts it: only its id and its children (and, for a menu root, its zone). */
export type PostedNode = { id: number; zona_id?: number | undefined; children?: PostedNode[] | undefined };
export const postedNode: z.ZodType<PostedNode> = z.lazy(() =>
  z.object({
    id: z.number().int().min(1).max(INT4_MAX),
    zona_id: z.number().int().min(1).max(INT4_MAX).optional(),
    children: z.array(postedNode).max(TREE_LIMITS.maxNodes).optional(),
  }),
);
z.globalRegistry.add(postedNode, { id: 'PostedNode' });

/** POST organizecategories/ and organizemenus/: the whole tree and the version it was read at. */
export const organizeBody = z.object({
  version: z.number().int().min(0).max(INT4_MAX),
  tree: z.array(postedNode).max(TREE_LIMITS.maxNodes),
});
export type OrganizeBody = z.infer<typeof organizeBody>;
export const organizeMenusBody = organizeBody.extend({ idioma_cod: z.enum(MENU_LANGUAGE_KEYS) });
export type OrganizeMenusBody = z.infer<typeof organizeMenusBody>;

/** Where each node ends up: its parent (null at the root), its position among its siblings, its root's zone. */
export type Placement = { id: number; parentId: number | null; position: number; zoneId: number | undefined };
export type TreeCheck = { ok: true; placements: Placement[] } | { ok: false; reason: string };

/**
 * Checks a posted tree against the ids stored: every stored node exactly once (none lost, none unknown), no node
 * twice (a node under itself: a loop), not deeper than the limit; for menus every root names its zone.
 */
export function checkPostedTree(
  tree: readonly PostedNode[],
  storedIds: Iterable<number>,
  options: { rootsNeedZone?: boolean } = {},
): TreeCheck {
  const stored = new Set(storedIds);
  const seen = new Set<number>();
  const placements: Placement[] = [];
  let failure: string | null = null;
  const walk = (nodes: readonly PostedNode[], parentId: number | null, depth: number, zoneId: number | undefined) => {
    if (failure) return;
    if (depth > TREE_LIMITS.maxDepth) {
      failure = TREE_MESSAGES.treeTooDeep;
      return;
    }
    nodes.forEach((node, position) => {
      if (failure) return;
      if (seen.has(node.id)) {
        failure = TREE_MESSAGES.treeLoop;
        return;
      }
      if (!stored.has(node.id)) {
        failure = TREE_MESSAGES.treeNodeUnknown;
        return;
      }
      seen.add(node.id);
      const zone = parentId === null ? node.zona_id : zoneId;
      if (parentId === null && options.rootsNeedZone && zone === undefined) {
        failure = TREE_MESSAGES.treeZoneRequired;
        return;
      }
      placements.push({ id: node.id, parentId, position, zoneId: zone });
      walk(node.children ?? [], node.id, depth + 1, zone);
    });
  };
  walk(tree, null, 1, undefined);
  if (failure) return { ok: false, reason: failure };
  if (seen.size !== stored.size) return { ok: false, reason: TREE_MESSAGES.treeNodeLost };
  return { ok: true, placements };
}

/** Builds the nested tree from flat rows ordered by position (the parent of a root is null). */
export function buildTree<R extends { id: number; parentId: number | null; position: number }, N>(
  rows: readonly R[],
  toNode: (row: R, children: N[]) => N,
): N[] {
  const byParent = new Map<number | null, R[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const ids = new Set(rows.map((r) => r.id));
  const make = (parentId: number | null, depth: number): N[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((row) => toNode(row, depth > TREE_LIMITS.maxDepth ? [] : make(row.id, depth + 1)));
  // A row whose parent is missing (never after the checks; defensive) shows at the root rather than vanishing.
  const orphans = rows.filter((r) => r.parentId !== null && !ids.has(r.parentId));
  return [...make(null, 1), ...orphans.map((r) => toNode(r, make(r.id, 2)))];
}

// ---- per-language names -------------------------------------------------------------------------------------

const contentName = z
  .string()
  .trim()
  .min(1, { message: TREE_MESSAGES.nameRequired })
  .max(TREE_LIMITS.nameMax, { message: TREE_MESSAGES.nameTooLong });

/** One language's name (categoriaposted / zonaposted). */
export const namedText = z.object({ idioma_cod: z.enum(LANGUAGE_KEYS), nombre: contentName });
export type NamedText = z.infer<typeof namedText>;

/** Languages of a category or zone: at least one (OneLanguageMustExist), each once (WARN_LanguageAlreadyAdded). */
export const namedTexts = z.array(namedText).superRefine((texts, ctx) => {
  if (texts.length === 0) ctx.addIssue({ code: 'custom', message: TREE_MESSAGES.oneLanguageMustExist });
  const seen = new Set<string>();
  texts.forEach((text, index) => {
    if (seen.has(text.idioma_cod)) {
      ctx.addIssue({ code: 'custom', message: TREE_MESSAGES.languageAlreadyAdded, path: [index, 'idioma_cod'] });
    }
    seen.add(text.idioma_cod);
  });
});

/** The name in `lang`, else Spanish, else the first the record has. */
export function nameIn(texts: readonly { idioma_cod: string; nombre: string }[], lang: string): string {
  return (
    texts.find((t) => t.idioma_cod === lang)?.nombre ??
    texts.find((t) => t.idioma_cod === 'es')?.nombre ??
    texts[0]?.nombre ??
    ''
  );
}

/** An id in a path: 0 or "new" is a record not saved yet (put creates it). */
export const contentIdParams = z.object({
  id: z.union([z.literal('new').transform(() => 0), z.coerce.number().int().min(0).max(INT4_MAX)]),
});
export const contentIdQuery = z.object({ id: z.coerce.number().int().min(1).max(INT4_MAX) });

const icon = z.enum(MENU_ICONS, { message: TREE_MESSAGES.iconUnknown }).nullable().default(null);

// ---- categories ---------------------------------------------------------------------------------------------

/** POST putcategory/{id}: the names per language and the icon; a new one goes under `parent_id` (root if null). */
export const putCategoryBody = z.object({
  icon,
  parent_id: z.number().int().min(1).nullable().default(null),
  categoriaposted: namedTexts,
});
export type PutCategoryBody = z.input<typeof putCategoryBody>;
export type PutCategoryData = z.output<typeof putCategoryBody>;

/** GET getcategory / getnewcategory: the form. */
export const categoryDetail = z.object({
  id_categoria: z.number().int(),
  icon: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  categoriaposted: z.array(z.object({ idioma_cod: z.enum(LANGUAGE_KEYS), nombre: z.string() })),
});
export type CategoryDetail = z.infer<typeof categoryDetail>;

export const newCategoryQuery = z.object({ cod_idioma: z.enum(LANGUAGE_KEYS).default('es') });
export const treeLanguageQuery = z.object({ cod_idioma: z.enum(LANGUAGE_KEYS).default('es') });

/** GET getcategoriestreeview: the tree in a language and the version to post back. */
export const categoryTreeResponse = z.object({ version: z.number().int(), tree: z.array(treeNode) });
export type CategoryTreeResponse = z.infer<typeof categoryTreeResponse>;

/** GET gettree/{id} (the post editor): the tree with the post's category marked. */
export const postCategoryTreeResponse = z.object({ selected: z.number().int().nullable(), tree: z.array(treeNode) });

export const savedResponse = z.object({ message: z.literal(TREE_MESSAGES.saved), id: z.number().int() });
export const deletedResponse = z.object({ message: z.literal(TREE_MESSAGES.deleted), id: z.number().int() });
export const organizedResponse = z.object({ message: z.literal(TREE_MESSAGES.saved), version: z.number().int() });

// ---- zones --------------------------------------------------------------------------------------------------

export const putZoneBody = z.object({
  codigo: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, { message: TREE_MESSAGES.zoneCodeInvalid }),
  zonaposted: namedTexts,
});
export type PutZoneBody = z.input<typeof putZoneBody>;
export type PutZoneData = z.output<typeof putZoneBody>;

export const zoneDetail = z.object({
  id_zona: z.number().int(),
  codigo: z.string(),
  zonaposted: z.array(z.object({ idioma_cod: z.enum(LANGUAGE_KEYS), nombre: z.string() })),
});
export type ZoneDetail = z.infer<typeof zoneDetail>;
export const zoneListItem = z.object({ id_zona: z.number().int(), codigo: z.string(), nombre: z.string() });
export const zoneList = z.array(zoneListItem);
export type ZoneListItem = z.infer<typeof zoneListItem>;

// ---- menus --------------------------------------------------------------------------------------------------

export const putMenuBody = z
  .object({
    idioma_cod: z.enum(MENU_LANGUAGE_KEYS),
    zona_id: z.number().int().min(1),
    parent_id: z.number().int().min(1).nullable().default(null),
    nombre: contentName,
    icon,
    lnkobjeto_cod: z
      .number()
      .int()
      .refine((v) => (LINK_OBJECT_CODES as readonly number[]).includes(v))
      .default(4),
    lnkobjeto_id: z.number().int().min(1).nullable().default(null),
    lnkmode: z
      .number()
      .int()
      .refine((v) => v === 0 || v === 1 || v === 2)
      .default(0),
    sw_activo: z.boolean().default(true),
  })
  .superRefine((menu, ctx) => {
    if (menu.lnkmode === LINK_MODES.post && menu.lnkobjeto_id === null) {
      ctx.addIssue({ code: 'custom', message: TREE_MESSAGES.postRequired, path: ['lnkobjeto_id'] });
    }
  });
export type PutMenuBody = z.input<typeof putMenuBody>;
export type PutMenuData = z.output<typeof putMenuBody>;

export const menuDetail = z.object({
  id_menu: z.number().int(),
  idioma_cod: z.enum(MENU_LANGUAGE_KEYS),
  zona_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  nombre: z.string(),
  icon: z.string().nullable(),
  lnkobjeto_cod: z.number().int(),
  lnkobjeto_id: z.number().int().nullable(),
  lnkmode: z.number().int(),
  sw_activo: z.boolean(),
});
export type MenuDetail = z.infer<typeof menuDetail>;

export const menuLanguageQuery = z.object({ idioma_cod: z.enum(MENU_LANGUAGE_KEYS).default('es') });
export const newMenuQuery = z.object({
  cod_idioma: z.enum(MENU_LANGUAGE_KEYS).default('es'),
  /** The zone the new menu goes to (spec: menu_cod). */
  menu_cod: z.coerce.number().int().min(1).optional(),
});

/** A menu node of the admin tree: a tree node with its link and active flag. */
export type MenuTreeNode = TreeNode & { sw_activo: boolean; lnkmode: number; children: MenuTreeNode[] };
export const menuTreeNode: z.ZodType<MenuTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    nombre: z.string(),
    icon: z.string().nullable(),
    sw_activo: z.boolean(),
    lnkmode: z.number().int(),
    children: z.array(menuTreeNode),
  }),
);
z.globalRegistry.add(menuTreeNode, { id: 'MenuTreeNode' });

/** GET getmenustreeview: per zone, the menus of a language; the version to post back. */
export const menuTreeResponse = z.object({
  version: z.number().int(),
  zones: z.array(
    z.object({ id_zona: z.number().int(), codigo: z.string(), nombre: z.string(), menus: z.array(menuTreeNode) }),
  ),
});
export type MenuTreeResponse = z.infer<typeof menuTreeResponse>;

/** A menu as the layout draws it (active only): title, icon, the path it opens, its children. */
export type ZoneMenu = { id: number; title: string; icon: string | null; href: string | null; items: ZoneMenu[] };
export const zoneMenu: z.ZodType<ZoneMenu> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    icon: z.string().nullable(),
    href: z.string().nullable(),
    items: z.array(zoneMenu),
  }),
);
z.globalRegistry.add(zoneMenu, { id: 'ZoneMenu' });
export const zoneMenusQuery = z.object({ idioma_cod: z.enum(LANGUAGE_KEYS).default('es') });
/** GET getzonemenus: the header, footer and dashboard menus in one answer. */
export const zoneMenusResponse = z.object({
  header: z.array(zoneMenu),
  footer: z.array(zoneMenu),
  dashboard: z.array(zoneMenu),
});
export type ZoneMenusResponse = z.infer<typeof zoneMenusResponse>;

export const iconListResponse = z.array(z.enum(MENU_ICONS));

export type { LanguageKey };

// ---------------------------------------------------------------------------------------------------------------
// The save and delete calls of a tree node (categories-calls.ts and menus-calls.ts)

const admin = { rank: RANK.admin } as const;

/**
 * The save of a node of a content tree, for admins: creates (id 0 or "new") or updates and answers
 * `{ message: WARN_Saved, id }`, 404 for an unknown id (409 where a node's version is checked).
 */
export const putNode = <const P extends `/${string}`, const B extends z.ZodType, const T extends readonly string[]>(
  path: P,
  summary: string,
  body: B,
  tags: T,
) =>
  endpoint({
    method: 'POST',
    path,
    access: admin,
    summary,
    tags,
    params: contentIdParams,
    body,
    response: savedResponse,
    refusals: { 400: errorBody, 404: errorBody },
  });

/** The delete of a node: `{ message, id }`, 404 for an unknown id or id 0, the repository's refusal as its 400. */
export const removeNode = <const P extends `/${string}`, const T extends readonly string[]>(
  path: P,
  summary: string,
  tags: T,
) =>
  endpoint({
    method: 'DELETE',
    path,
    access: admin,
    summary,
    tags,
    params: contentIdParams,
    response: deletedResponse,
    refusals: { 400: errorBody, 404: errorBody },
  });
