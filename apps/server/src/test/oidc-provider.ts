import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** Who the provider signs in: the subject, and what it says of the person (in the ID token or only in userinfo). */
export type TestPerson = { sub: string; email?: string; name?: string; claimsIn?: 'id_token' | 'userinfo' };

/**
 * A small OpenID Connect provider for the tests (issue 14): real HTTP on 127.0.0.1, discovery, JWKS, an authorization
 * endpoint that signs in `person` at once and redirects back with a code, a token endpoint that checks the client
 * secret and the PKCE verifier and answers an RS256 ID token, and a userinfo endpoint for its access tokens (issue
 * 22: a person whose `claimsIn` is `userinfo` has a name and e-mail only there, as with many real providers).
 * `tamper` makes one answer wrong on purpose. `POST /test/person` (JSON, a TestPerson) chooses who the next
 * authorization signs in, for the browser journeys, which cannot reach this object.
 */
export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization signs in. */
  person: TestPerson;
  /** A wrong nonce, audience or issuer in the next ID token, an `access_denied` answer, or userinfo failing. */
  tamper: null | 'nonce' | 'audience' | 'issuer' | 'deny' | 'userinfo';
  close(): Promise<void>;
};

export async function startTestProvider(): Promise<TestProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; challenge: string; clientId: string; person: TestPerson }>();
  /** What userinfo answers for each access token given. */
  const accessTokens = new Map<string, TestPerson>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const p: TestProvider = {
    issuer,
    clientId: 'portal-test',
    clientSecret: randomBytes(16).toString('hex'),
    person: { sub: 'person-1', email: 'person@example.com' },
    tamper: null,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (p.tamper === 'deny') {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          nonce: url.searchParams.get('nonce') ?? '',
          challenge: url.searchParams.get('code_challenge') ?? '',
          clientId: url.searchParams.get('client_id') ?? '',
          person: p.person,
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', async () => {
        const form = new URLSearchParams(body);
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
        const [id, secret] = basic.split(':').map((v) => decodeURIComponent(v));
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (id !== p.clientId || secret !== p.clientSecret) return json(401, { error: 'invalid_client' });
        if (!grant || grant.challenge !== challenge || grant.clientId !== id)
          return json(400, { error: 'invalid_grant' });
        const now = Math.floor(Date.now() / 1000);
        const { sub, claimsIn, ...about } = grant.person;
        const idToken = await new SignJWT({
          nonce: p.tamper === 'nonce' ? 'another-nonce' : grant.nonce,
          ...(claimsIn === 'userinfo' ? {} : about),
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
          .setIssuer(p.tamper === 'issuer' ? `${issuer}/other` : issuer)
          .setSubject(sub)
          .setAudience(p.tamper === 'audience' ? 'another-client' : p.clientId)
          .setIssuedAt(now)
          .setExpirationTime(now + 300)
          .sign(privateKey);
        const accessToken = randomBytes(16).toString('hex');
        accessTokens.set(accessToken, grant.person);
        json(200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      const person = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!person) return json(401, { error: 'invalid_token' });
      if (p.tamper === 'userinfo') return json(500, { error: 'server_error' });
      const { claimsIn: _, ...claims } = person;
      return json(200, claims);
    }
    if (url.pathname === '/test/person' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        p.person = JSON.parse(body) as TestPerson;
        json(200, p.person);
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  return p;
}
