import { clientCalls } from '@portal/contract/clients-calls';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** Type 0 ends every session of the client's users, 1 their invoice links. */
export function forceLogouts(id: string, type: 0 | 1) {
  return call(clientCalls.forceLogouts, { params: { id }, body: { type } });
}

export function useForceLogoutsMutation() {
  return useMutation({ mutationFn: ({ id, type }: { id: string; type: 0 | 1 }) => forceLogouts(id, type) });
}
