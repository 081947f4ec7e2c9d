import { timingSafeEqual } from 'node:crypto';
import type { MachineTokenResponse } from '@portal/contract/account';
import { INTEGRATION_SCOPES } from '@portal/contract/endpoint';
import type { IntegrationClientsRepository } from './integration-clients.repository.ts';

/** What the client-credentials grant refuses, as RFC 6749 §5.2 names it. */
export type GrantRefusal = { error: 'invalid_client' | 'invalid_scope' | 'invalid_request'; description: string };

type Signer = {
  expiresInSeconds: number;
  signMachine(clientId: string, version: number, scopes: readonly string[]): Promise<string>;
};
type Deps = {
  repo: IntegrationClientsRepository;
  signer: Signer;
  sha256: (value: string) => string;
  clock: () => Date;
};

/** The client's id and secret from `Authorization: Basic` (form-encoded, then base64: RFC 6749 §2.3.1). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const plus = (s: string) => decodeURIComponent(s.replaceAll('+', ' '));
    return { id: plus(decoded.slice(0, colon)), secret: plus(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/**
 * OAuth 2 client credentials (decision 0057): a machine client proves its secret and gets a short-lived bearer token
 * for the integration API, with the scopes it asked for among those it holds.
 */
export function clientCredentials({ repo, signer, sha256, clock }: Deps) {
  return async (
    body: { client_id?: string; client_secret?: string; scope?: string },
    authorization: string | undefined,
  ): Promise<{ token: MachineTokenResponse } | { refused: GrantRefusal; basic: boolean }> => {
    const basic = basicCredentials(authorization);
    const id = basic?.id ?? body.client_id;
    const secret = basic?.secret ?? body.client_secret;
    const refuse = (error: GrantRefusal['error'], description: string) => ({
      refused: { error, description },
      basic: basic !== null,
    });
    if (basic && (body.client_id !== undefined || body.client_secret !== undefined))
      return refuse('invalid_request', 'Send the client’s credentials one way: the Basic header or the form.');
    if (!id || !secret) return refuse('invalid_client', 'The client is not authenticated.');
    const client = await repo.byClientId(id);
    // The digest is compared even for an unknown id, so that the time does not tell which ids exist.
    const given = Buffer.from(sha256(secret));
    const expected = Buffer.from(client?.secretHash ?? sha256(`unknown:${id}`));
    const matches = given.length === expected.length && timingSafeEqual(given, expected);
    if (!client || client.revoked || !matches) return refuse('invalid_client', 'The client is not authenticated.');
    const asked = body.scope?.split(' ').filter(Boolean) ?? client.scopes;
    const unknown = asked.find(
      (s) => !(INTEGRATION_SCOPES as readonly string[]).includes(s) || !client.scopes.includes(s),
    );
    if (unknown !== undefined || asked.length === 0)
      return refuse('invalid_scope', `The client may ask for: ${client.scopes.join(' ')}.`);
    await repo.touch(client.id, clock());
    return {
      token: {
        access_token: await signer.signMachine(client.id, client.secretVersion, asked),
        token_type: 'bearer',
        expires_in: signer.expiresInSeconds,
        scope: asked.join(' '),
      },
    };
  };
}
export type ClientCredentials = ReturnType<typeof clientCredentials>;
