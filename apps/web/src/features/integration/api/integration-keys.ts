import { integrationAdmin } from '@portal/contract/integration';
import type { QueryClient } from '@tanstack/react-query';

const ADMIN_PATHS = new Set<string>(Object.values(integrationAdmin).map((e) => e.path));

/**
 * After a change (a client created, rotated or revoked, an endpoint added or removed) every answer of this screen is
 * read again: the queries keyed by `callKey` of one of its calls.
 */
export function invalidateIntegration(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => ADMIN_PATHS.has(String(q.queryKey[1])) });
}
