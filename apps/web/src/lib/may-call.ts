import type { LoggedUser } from '@portal/contract/account';
import type { EndpointDef } from '@portal/contract/endpoint';

/**
 * Whether the signed-in user may make a call, by the call's own access rule (the one the server checks): the web
 * hides what would be refused (issue 24) rather than repeating the rule. A machine client's scope is never a
 * person's.
 */
export function mayCall(
  e: Pick<EndpointDef, 'access'>,
  user: Pick<LoggedUser, 'rankNumber' | 'roles'> | null | undefined,
): boolean {
  const rule = e.access;
  if (rule === 'anonymous' || rule === 'optional') return true;
  if (!user) return false;
  if (rule === 'user') return true;
  if ('scope' in rule) return false;
  if (rule.rank !== undefined && user.rankNumber < rule.rank) return false;
  if (rule.role !== undefined && !user.roles.includes(rule.role)) return false;
  return true;
}
