import { imageCalls } from '@portal/contract/images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateImages } from './image-keys';

/** Deletes an image and its files. */
export function deleteImage(id: number) {
  return call(imageCalls.remove, { params: { id } });
}

export function useDeleteImageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: () => invalidateImages(queryClient),
  });
}
