import { refundCalls } from '@portal/contract/refunds-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateRefunds, refundKeys } from './refund-keys';

/** An evidence file of a line not yet received. */
export function deleteFile(id: number) {
  return call(refundCalls.deleteFile, { body: { id } });
}

export function useDeleteFileMutation(lineId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.files(lineId) });
      invalidateRefunds.cart(queryClient);
    },
  });
}
