import { refundCalls } from '@portal/contract/refunds-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateRefunds } from './refund-keys';

/** A cart line's comment. */
export function editItemComment(id: number, userscomentarios: string) {
  return call(refundCalls.editComment, { body: { id, userscomentarios } }, { silent: [400] });
}

export function useEditItemCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comment }: { id: number; comment: string }) => editItemComment(id, comment),
    onSuccess: () => invalidateRefunds.cart(queryClient),
  });
}
