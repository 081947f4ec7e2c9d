import { imageCalls as c, IMAGE_GROUP } from '@portal/contract/images';
import type { QueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls } from '@/lib/call';

/** Query keys of the gallery, each the key of the call it caches (`callKey`): a write marks stale or patches pages. */
export const imageKeys = {
  /** Every cached page (the prefix of them all). */
  lists: () => callKey(c.page),
  list: (pindex: number, psize: number) => callKey(c.page, { query: { id: IMAGE_GROUP, pindex, psize } }),
  count: () => callKey(c.count, { query: { id: IMAGE_GROUP } }),
};

/** An upload or a delete: the pages and the count. */
export const invalidateImages = (queryClient: QueryClient) => invalidateCalls(queryClient, c.page, c.count);
