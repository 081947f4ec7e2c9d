import { IMAGE_GROUP } from '@portal/contract/images';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { imageKeys } from './image-keys';

/** GET /api/inimage/getimagescount/: how many images the gallery holds (spec part 2 §3: a separate call). */
export function getImagesCount(): Promise<number> {
  return apiRequest<number>('/api/inimage/getimagescount/', { query: { id: IMAGE_GROUP } });
}

export const imagesCountQueryOptions = () => queryOptions({ queryKey: imageKeys.count(), queryFn: getImagesCount });

export const useImagesCount = () => useQuery(imagesCountQueryOptions());
