import fs from 'node:fs';
import path from 'node:path';
import type { EndpointDef } from '@portal/contract/endpoint';

const CONTRACT = path.resolve(import.meta.dirname, '../../../../packages/contract/src');

const isEndpoint = (value: unknown): value is EndpointDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EndpointDef).method === 'string' &&
  typeof (value as EndpointDef).path === 'string' &&
  (value as EndpointDef).access !== undefined &&
  (value as EndpointDef).response !== undefined;

/**
 * Every call of the API as the contract declares it (issue 24): the endpoints each module of the contract exports,
 * alone or in an object of calls (`imageCalls.page`), once each (by method and path), in a stable order. The list
 * the tests that cover the whole API walk (declared routes, the input guard).
 */
export async function contractEndpoints(): Promise<EndpointDef[]> {
  const byKey = new Map<string, EndpointDef>();
  const modules = fs
    .readdirSync(CONTRACT)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  for (const file of modules) {
    const exports: Record<string, unknown> = await import(`@portal/contract/${file.replace(/\.ts$/, '')}`);
    for (const value of Object.values(exports)) {
      const found = isEndpoint(value)
        ? [value]
        : typeof value === 'object' && value !== null
          ? Object.values(value).filter(isEndpoint)
          : [];
      for (const e of found) if (!byKey.has(`${e.method} ${e.path}`)) byKey.set(`${e.method} ${e.path}`, e);
    }
  }
  return [...byKey.values()];
}
