import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refundKeys } from './refund-keys';

export type AddLine = { motivo: number; quantity: number; userscomentarios: string } & (
  | { packingslipid: string; linenum: number }
  | { invoiceid: string; linenum: number }
);

/** POST /api/inpackingslip/refund/ or /api/ininvoice/refund/: a line to the refunds cart (400s shown by the form). */
export function addToRefund(body: AddLine): Promise<{ id: number; returntablewebid: number }> {
  const url = 'invoiceid' in body ? '/api/ininvoice/refund/' : '/api/inpackingslip/refund/';
  return apiRequest(url, { method: 'POST', json: body, silent: [400] });
}

export function useAddToRefundMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToRefund,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.cart() });
      void queryClient.invalidateQueries({ queryKey: refundKeys.returnable() });
    },
  });
}
