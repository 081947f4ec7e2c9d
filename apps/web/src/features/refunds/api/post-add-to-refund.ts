import { refundCalls } from '@portal/contract/refunds-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';
import { invalidateRefunds } from './refund-keys';

/** A packing slip line or an invoice line, as its call takes it. */
export type AddLine = z.input<typeof refundCalls.addSlipLine.body> | z.input<typeof refundCalls.addInvoiceLine.body>;

/** A line to the refunds cart, by the packing slip's call or the invoice's (400s shown by the form). */
export function addToRefund(body: AddLine) {
  return 'invoiceid' in body
    ? call(refundCalls.addInvoiceLine, { body }, { silent: [400] })
    : call(refundCalls.addSlipLine, { body }, { silent: [400] });
}

export function useAddToRefundMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToRefund,
    onSuccess: () => {
      invalidateRefunds.cart(queryClient);
      invalidateRefunds.returnable(queryClient);
    },
  });
}
