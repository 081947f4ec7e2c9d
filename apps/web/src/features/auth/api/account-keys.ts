/** Query keys of the account resource (signed-in user, work zones). */
export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  workZones: () => [...accountKeys.all, 'workzones'] as const,
};
