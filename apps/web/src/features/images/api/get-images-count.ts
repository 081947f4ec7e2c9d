import { IMAGE_GROUP, imageCalls } from '@portal/contract/images';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { imageKeys } from './image-keys';

/** How many images the gallery holds (spec part 2 §3: a separate call). */
export function getImagesCount() {
  return call(imageCalls.count, { query: { id: IMAGE_GROUP } });
}

export const imagesCountQueryOptions = () => queryOptions({ queryKey: imageKeys.count(), queryFn: getImagesCount });

export const useImagesCount = () => useQuery(imagesCountQueryOptions());
