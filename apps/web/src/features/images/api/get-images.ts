import { IMAGE_GROUP, imageCalls } from '@portal/contract/images';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { imageKeys } from './image-keys';

/** One page of the gallery (group 1), newest first. */
export function getImages(pindex: number, psize: number) {
  return call(imageCalls.page, { query: { id: IMAGE_GROUP, pindex, psize } });
}

export const imagesQueryOptions = (pindex: number, psize: number) =>
  queryOptions({
    queryKey: imageKeys.list(pindex, psize),
    queryFn: () => getImages(pindex, psize),
    placeholderData: keepPreviousData,
  });

export const useImages = (pindex: number, psize: number) => useQuery(imagesQueryOptions(pindex, psize));
