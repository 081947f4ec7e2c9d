import { quickOrderCalls } from '@portal/contract/quick-order';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/call';

export type ResolveInput = z.input<typeof quickOrderCalls.resolve.body>;

/** POST /api/quickorder/resolve: the lines of a list with their articles, prices and stock (400s shown by the screen). */
export function postQuickOrderResolve(body: ResolveInput, signal?: AbortSignal) {
  return call(quickOrderCalls.resolve, { body }, { silent: [400], ...(signal ? { signal } : {}) });
}

export function useQuickOrderResolve() {
  return useMutation({ mutationFn: (body: ResolveInput) => postQuickOrderResolve(body) });
}
