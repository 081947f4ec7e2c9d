/** Query keys of categories, menus and zones: a save or move invalidates exactly its tree. */
export const categoryKeys = {
  all: ['categories'] as const,
  trees: () => [...categoryKeys.all, 'tree'] as const,
  tree: (lang: string) => [...categoryKeys.trees(), lang] as const,
  details: () => [...categoryKeys.all, 'detail'] as const,
  detail: (id: number) => [...categoryKeys.details(), id] as const,
  newOne: (lang: string) => [...categoryKeys.all, 'new', lang] as const,
};

export const menuKeys = {
  all: ['content-menus'] as const,
  trees: () => [...menuKeys.all, 'tree'] as const,
  tree: (lang: string, nameLang: string) => [...menuKeys.trees(), lang, nameLang] as const,
  details: () => [...menuKeys.all, 'detail'] as const,
  detail: (id: number) => [...menuKeys.details(), id] as const,
  zoneMenus: (lang: string) => [...menuKeys.all, 'zone-menus', lang] as const,
};

export const zoneKeys = {
  all: ['zones'] as const,
  lists: () => [...zoneKeys.all, 'list'] as const,
  list: (lang: string) => [...zoneKeys.lists(), lang] as const,
  detail: (id: number) => [...zoneKeys.all, 'detail', id] as const,
};
