import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { sha256 } from '../modules/account/token.service.ts';
import { integrationClientsRepository } from '../modules/integration/integration-clients.repository.ts';
import { newClientSecrets } from '../modules/integration/secrets.ts';
import { form } from './test-app.ts';

/** A machine client of the integration API (decision 0057): its public id and its secret. */
export type MachineCredentials = { clientId: string; secret: string };

/**
 * A token of a machine client, as the ERP gets one: `client_credentials` on /token (decision 0057). The grant must
 * succeed (200), else the body says why.
 */
export async function machineToken(app: FastifyInstance, client: MachineCredentials): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/token',
    ...form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

/** A new machine client with `scopes`, written straight into the database (no admin call), and its id and secret. */
export function newMachineClient(db: Db, name: string, scopes: string[]) {
  return integrationClientsRepository(db).create({ name, scopes, createdBy: null }, newClientSecrets(sha256));
}

/** A new machine client with `scopes` and a token of it: what a feed or events test calls the API with. */
export async function newMachineToken(
  t: { app: FastifyInstance; database: { db: Db } },
  name: string,
  scopes: string[],
): Promise<string> {
  return machineToken(t.app, await newMachineClient(t.database.db, name, scopes));
}
