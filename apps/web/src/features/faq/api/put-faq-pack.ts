import { faqCalls, type PutFaqPackBody } from '@portal/contract/faq';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateFaq } from './faq-keys';

/** Creates (0) or replaces a pack and its responses; a 400 is shown by the form. */
export function putFaqPack(id: number, body: PutFaqPackBody) {
  return call(faqCalls.put, { params: { id }, body }, { silent: [400] });
}

export function usePutFaqPackMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PutFaqPackBody }) => putFaqPack(id, body),
    onSuccess: () => invalidateFaq(queryClient),
  });
}
