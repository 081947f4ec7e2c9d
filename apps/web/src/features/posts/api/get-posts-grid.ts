import type { GridResponse } from '@portal/contract/grids';
import type { PostGridRow } from '@portal/contract/posts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { GridParams } from '@/lib/documents/grid-state';
import { postKeys } from './post-keys';

/** GET /api/inpost/GetPostsJqGrid?tipo=: a page of the posts of a kind (admins; jqGrid protocol). */
export function getPostsGrid(kind: number, params: GridParams): Promise<GridResponse<PostGridRow>> {
  return apiRequest<GridResponse<PostGridRow>>('/api/inpost/GetPostsJqGrid', { query: { ...params, tipo: kind } });
}

export const postsGridQueryOptions = (kind: number) => (params: GridParams) =>
  queryOptions({ queryKey: postKeys.grid(kind, params), queryFn: () => getPostsGrid(kind, params) });
