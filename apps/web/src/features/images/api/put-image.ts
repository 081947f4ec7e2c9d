import type { Image, ImageUpdate } from '@portal/contract/images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { imageKeys } from './image-keys';

/** PUT /api/inimage/putimg/{id}: rename or describe (a refused field is shown by the form, no popup). */
export function putImage(id: number, body: ImageUpdate): Promise<Image> {
  return apiRequest<Image>(`/api/inimage/putimg/${id}`, { method: 'PUT', json: body, silent: [400] });
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
