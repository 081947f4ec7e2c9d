import { currentUserKey } from '@/lib/current-user';

/** Query keys of the account resource (signed-in user, work zones). */
export const accountKeys = {
  all: ['account'] as const,
  user: () => currentUserKey,
  workZones: () => [...accountKeys.all, 'workzones'] as const,
};
