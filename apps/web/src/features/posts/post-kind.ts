import { DEFAULT_POST_KIND, POST_KIND_CODES, type PostKind } from '@portal/contract/posts';

/** The kind in a /post/:post_cod route: 1 news, 2 products, 3 calendars, 4 pages; anything else is the default, 4. */
export function postKindOf(param: string | undefined): PostKind {
  const n = Number(param);
  return (POST_KIND_CODES as readonly number[]).includes(n) ? (n as PostKind) : DEFAULT_POST_KIND;
}
