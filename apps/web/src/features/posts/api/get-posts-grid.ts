import { postCalls } from '@portal/contract/posts-calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { postKeys } from './post-keys';

/** A page of the posts of a kind (admins; jqGrid protocol). */
export function getPostsGrid(kind: number, params: GridParams) {
  return call(postCalls.grid, { query: { ...params, tipo: kind } });
}

export const postsGridQueryOptions = (kind: number) => (params: GridParams) =>
  queryOptions({ queryKey: postKeys.grid(kind, params), queryFn: () => getPostsGrid(kind, params) });
