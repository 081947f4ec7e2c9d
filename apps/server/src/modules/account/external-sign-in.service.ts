import {
  EXTERNAL_LINK_TICKET_MINUTES,
  EXTERNAL_REQUEST_MINUTES,
  EXTERNAL_SIGNIN_TICKET_MINUTES,
  type ExternalFailure,
} from '@portal/contract/access';
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { type AccountService, type RequestContext, TokenError } from './account.service.ts';
import { randomToken, sha256 } from './token.service.ts';

type Deps = {
  db: Db;
  config: NonNullable<Config['oidc']>;
  accounts: AccountService;
  clock: () => Date;
};

/** Where the browser goes after the provider's answer: a page of the web app, with a ticket in the fragment. */
export type Landing = { to: string };

/** The path of the callback the provider sends the browser back to (registered with the provider). */
export const CALLBACK_PATH = '/api/account/external/callback';

const minutes = (now: Date, n: number) => new Date(now.getTime() + n * 60_000);
const fail = (reason: ExternalFailure): Landing => ({ to: `/login?external=${reason}` });

/**
 * External sign-in with an OpenID Connect provider (decision 0036): the authorization code flow with PKCE, state
 * and nonce, checked by openid-client. An identity is its issuer and subject; it signs a portal user in only once
 * linked to it, and a link is made only by someone who also gives that user's password.
 */
export function externalSignInService(deps: Deps) {
  const { db, config, clock } = deps;
  let discovered: Promise<oidc.Configuration> | null = null;
  /** The provider's metadata, read once (again after a failure). Plain http only for a provider on this machine. */
  function provider(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        config.issuer,
        config.clientId,
        undefined,
        oidc.ClientSecretBasic(config.clientSecret),
        config.issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  async function ticket(
    kind: 'signin' | 'link',
    issuer: string,
    subject: string,
    userId: string | null,
    display: string,
  ) {
    const value = randomToken();
    const now = clock();
    // Tickets expired more than a day ago are of no use, not even to read what happened.
    await db.execute(sql`delete from external_tickets where expires_at < ${minutes(now, -24 * 60)}`);
    await db.execute(sql`insert into external_tickets (hash, kind, issuer, subject, user_id, display, expires_at)
      values (${sha256(value)}, ${kind}, ${issuer}, ${subject}, ${userId}, ${display.slice(0, 200)},
              ${minutes(now, kind === 'signin' ? EXTERNAL_SIGNIN_TICKET_MINUTES : EXTERNAL_LINK_TICKET_MINUTES)})`);
    return value;
  }

  /** A ticket still good, or null. `spend`: marks it used in the same statement (so it works once). */
  async function readTicket(value: string, kind: 'signin' | 'link', spend: boolean) {
    const now = clock();
    const rows = spend
      ? await queryRows<{ issuer: string; subject: string; user_id: string | null; display: string | null }>(
          db,
          sql`update external_tickets set used_at = ${now}
               where hash = ${sha256(value)} and kind = ${kind} and used_at is null and expires_at > ${now}
           returning issuer, subject, user_id, display`,
        )
      : await queryRows<{ issuer: string; subject: string; user_id: string | null; display: string | null }>(
          db,
          sql`select issuer, subject, user_id, display from external_tickets
               where hash = ${sha256(value)} and kind = ${kind} and used_at is null and expires_at > ${now}`,
        );
    return rows[0] ?? null;
  }

  return {
    name: config.name,

    /** The provider's authorization URL for a new request; its state, nonce and PKCE verifier are kept 10 minutes. */
    async start(base: string): Promise<URL> {
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const now = clock();
      await db.execute(sql`delete from oidc_requests where expires_at < ${now}`);
      await db.execute(sql`insert into oidc_requests (state, nonce, code_verifier, expires_at)
        values (${state}, ${nonce}, ${verifier}, ${minutes(now, EXTERNAL_REQUEST_MINUTES)})`);
      return oidc.buildAuthorizationUrl(await provider(), {
        redirect_uri: `${base}${CALLBACK_PATH}`,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },

    /**
     * The provider's answer at `currentUrl` (the callback URL as the browser asked it): the request of its state is
     * used once, the code exchanged with its verifier, the ID token's signature, issuer, audience and nonce checked.
     * A linked identity lands with a sign-in ticket, an unlinked one with a link ticket.
     */
    async callback(currentUrl: URL): Promise<Landing> {
      const state = currentUrl.searchParams.get('state') ?? '';
      const [request] = await queryRows<{ nonce: string; code_verifier: string; expired: boolean }>(
        db,
        sql`delete from oidc_requests where state = ${state}
            returning nonce, code_verifier, expires_at < ${clock()} as expired`,
      );
      if (!request) return fail('failed');
      if (request.expired) return fail('expired');
      let claims: oidc.IDToken;
      try {
        const tokens = await oidc.authorizationCodeGrant(await provider(), currentUrl, {
          pkceCodeVerifier: request.code_verifier,
          expectedState: state,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
        const found = tokens.claims();
        if (!found) return fail('failed');
        claims = found;
      } catch {
        // The provider refused (the person cancelled, or an error came back) or its answer did not check out.
        return fail(currentUrl.searchParams.has('error') ? 'refused' : 'failed');
      }
      const display = String(claims.email ?? claims.name ?? claims.preferred_username ?? '');
      const [linked] = await queryRows<{ user_id: string }>(
        db,
        sql`select user_id from user_identities where issuer = ${claims.iss} and subject = ${claims.sub}`,
      );
      if (!linked)
        return { to: `/external/link#ticket=${await ticket('link', claims.iss, claims.sub, null, display)}` };
      return {
        to: `/external/signin#ticket=${await ticket('signin', claims.iss, claims.sub, linked.user_id, display)}`,
      };
    },

    /** ObtainLocalAccessToken: the portal's tokens for a sign-in ticket, once; ban and client blocks apply now. */
    async obtainLocalAccessToken(value: string, ctx: RequestContext) {
      const found = await readTicket(value, 'signin', true);
      if (!found?.user_id) throw new TokenError('invalid_grant', 'WARN_ExternalExpired');
      return deps.accounts.externalSession(found.user_id, ctx, `external ${found.issuer}`);
    },

    /** Who the provider says the person of a link ticket is (the ticket stays good). */
    async linkInfo(value: string) {
      const found = await readTicket(value, 'link', false);
      return found ? { provider: config.name, display: found.display ?? '' } : null;
    },

    /**
     * registerexternal: the person proves a portal account with its password (throttled like a sign-in); the
     * identity of the link ticket is then linked to that user, the ticket spent, and a session opened.
     */
    async registerExternal(input: { ticket: string; userName: string; password: string }, ctx: RequestContext) {
      if (!(await readTicket(input.ticket, 'link', false)))
        throw new TokenError('invalid_grant', 'WARN_ExternalExpired');
      const user = await deps.accounts.checkPassword(
        { username: input.userName, password: input.password },
        ctx,
        // The device mark (0003) is a cookie of /token only: this attempt counts by IP and user name.
        null,
      );
      const found = await readTicket(input.ticket, 'link', true);
      if (!found) throw new TokenError('invalid_grant', 'WARN_ExternalExpired');
      const [inserted] = await queryRows<{ user_id: string }>(
        db,
        sql`insert into user_identities (issuer, subject, user_id) values (${found.issuer}, ${found.subject}, ${user.id})
            on conflict (issuer, subject) do nothing returning user_id`,
      );
      if (!inserted) throw new TokenError('invalid_grant', 'WARN_ExternalAlreadyLinked');
      return deps.accounts.externalSession(user.id, ctx, `external link ${found.issuer}`);
    },
  };
}
export type ExternalSignInService = ReturnType<typeof externalSignInService>;
