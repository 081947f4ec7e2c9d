import type { RefundLine } from '@portal/contract/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

/** POST /api/inrefund/editItemComentario: a cart line's comment. */
export function editItemComment(id: number, userscomentarios: string): Promise<RefundLine> {
  return apiRequest<RefundLine>('/api/inrefund/editItemComentario', {
    method: 'POST',
    json: { id, userscomentarios },
    silent: [400],
  });
}

export function useEditItemCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comment }: { id: number; comment: string }) => editItemComment(id, comment),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: refundKeys.cart() }),
  });
}
