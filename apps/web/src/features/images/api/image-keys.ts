/** Query keys of the gallery: a write invalidates `all` (pages and count) or patches one page. */
export const imageKeys = {
  all: ['images'] as const,
  lists: () => [...imageKeys.all, 'list'] as const,
  list: (pindex: number, psize: number) => [...imageKeys.lists(), pindex, psize] as const,
  count: () => [...imageKeys.all, 'count'] as const,
};
