import type { PutFaqPackBody } from '@portal/contract/faq';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { faqKeys } from './faq-keys';

type Saved = { message: string; id_faqpack: number };

/** POST /api/infaq/putfaqpack/{id}: creates (0) or replaces a pack and its responses; a 400 is shown by the form. */
export function putFaqPack(id: number, body: PutFaqPackBody): Promise<Saved> {
  return apiRequest<Saved>(`/api/infaq/putfaqpack/${id}`, { method: 'POST', json: body, silent: [400] });
}

export function usePutFaqPackMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutFaqPackBody }) => putFaqPack(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqKeys.all }),
  });
}
