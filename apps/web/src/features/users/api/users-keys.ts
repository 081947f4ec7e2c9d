import { clientCalls } from '@portal/contract/clients-calls';
import { userCalls } from '@portal/contract/users-calls';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateCalls } from '@/lib/call';

/** The calls whose cached answers show a user: a change to one marks them all stale. */
const USER_READS = [
  userCalls.grid,
  userCalls.byClientGrid,
  userCalls.newUser,
  userCalls.user,
  userCalls.me,
  userCalls.roles,
  userCalls.stores,
  userCalls.addresses,
];
/** The calls whose cached answers show a client. */
const CLIENT_READS = [clientCalls.grid, clientCalls.client, clientCalls.newClient];

/** Marks stale every cached answer about users (grids, details, roles, stores, addresses, the profile). */
export const invalidateUsers = (queryClient: QueryClient) => invalidateCalls(queryClient, ...USER_READS);
/** Marks stale every cached answer about clients (the grid and the details). */
export const invalidateClients = (queryClient: QueryClient) => invalidateCalls(queryClient, ...CLIENT_READS);
