import { type Image, type ImageUpdate, imageCalls } from '@portal/contract/images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { imageKeys } from './image-keys';

/** Renames or describes an image (a refused field is shown by the form, no popup). */
export function putImage(id: number, body: ImageUpdate) {
  return call(imageCalls.update, { params: { id }, body }, { silent: [400] });
}

export function usePutImageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ImageUpdate }) => putImage(id, body),
    onSuccess: (image) => {
      // Every cached page holding the image shows its new name at once.
      queryClient.setQueriesData<Image[]>({ queryKey: imageKeys.lists() }, (page) =>
        page?.map((i) => (i.id === image.id ? image : i)),
      );
    },
  });
}
