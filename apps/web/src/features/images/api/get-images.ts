import { IMAGE_GROUP, type Image } from '@portal/contract/images';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { imageKeys } from './image-keys';

/** GET /api/inimage/getimages/: one page of the gallery (group 1), newest first. */
export function getImages(pindex: number, psize: number): Promise<Image[]> {
  return apiRequest<Image[]>('/api/inimage/getimages/', { query: { id: IMAGE_GROUP, pindex, psize } });
}

export const imagesQueryOptions = (pindex: number, psize: number) =>
  queryOptions({
    queryKey: imageKeys.list(pindex, psize),
    queryFn: () => getImages(pindex, psize),
    placeholderData: keepPreviousData,
  });

export const useImages = (pindex: number, psize: number) => useQuery(imagesQueryOptions(pindex, psize));
