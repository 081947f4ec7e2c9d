import { refundCalls } from '@portal/contract/refunds-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';
import { invalidateRefunds } from './refund-keys';

/**
 * The calls that move a refund along: the customer's cancel; staff's receive, decideline, addnote and requeueerp.
 * Each refreshes the refund's page and the list.
 */
export const refundActionCalls = {
  cancel: refundCalls.cancel,
  receive: refundCalls.receive,
  requeueerp: refundCalls.requeueErp,
  decideline: refundCalls.decideLine,
  addnote: refundCalls.addNote,
};
type Actions = typeof refundActionCalls;
type Action = { [K in keyof Actions]: { call: K } & z.input<Actions[K]['body']> }[keyof Actions];

export function refundAction({ call: name, ...body }: Action): Promise<unknown> {
  return call(refundActionCalls[name], { body } as never, { silent: [400] });
}

export function useRefundActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundAction,
    onSuccess: () => {
      invalidateRefunds.details(queryClient);
      invalidateRefunds.lists(queryClient);
      invalidateRefunds.returnable(queryClient);
    },
  });
}
