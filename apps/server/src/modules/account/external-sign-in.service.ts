import {
  EXTERNAL_LINK_TICKET_MINUTES,
  EXTERNAL_OTHER_BROWSER,
  EXTERNAL_REQUEST_MINUTES,
  EXTERNAL_SIGNIN_TICKET_MINUTES,
  type ExternalFailure,
} from '@portal/contract/account';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type AccountService, type RequestContext, TokenError } from './account.service.ts';
import { externalSignInRepository, type TicketKind } from './external-sign-in.repository.ts';
import { randomToken, sha256 } from './token.service.ts';

type Deps = {
  db: Db;
  config: NonNullable<Config['oidc']>;
  accounts: AccountService;
  clock: () => Date;
  /** Where a provider's userinfo answer that could not be read is told (the sign-in goes on without a name). */
  warn?: (error: unknown, message: string) => void;
};

/**
 * Where the browser goes after the provider's answer: a page of the web app, with a ticket in the fragment.
 * `spent`: the browser's cookie (0056) is of no more use (its request failed), and is cleared.
 */
export type Landing = { to: string; spent: boolean };

/** The path of the callback the provider sends the browser back to (registered with the provider). */
export const CALLBACK_PATH = '/api/account/external/callback';

const minutes = (now: Date, n: number) => new Date(now.getTime() + n * 60_000);
const fail = (reason: ExternalFailure, spent = true): Landing => ({ to: `/login?external=${reason}`, spent });

/** A ticket that is not there for this browser: `expired` (used, expired or never made) or `other-browser`. */
export class TicketRefused extends Error {
  constructor(readonly reason: 'expired' | 'other-browser') {
    super(reason === 'expired' ? 'WARN_ExternalExpired' : EXTERNAL_OTHER_BROWSER);
  }
}
/** A browser cookie's value as the start makes it: 32 random bytes in base64url. */
const BROWSER_VALUE = /^[A-Za-z0-9_-]{43}$/;
/** The digest kept of a browser's cookie; no cookie matches nothing. */
const browserHash = (browser: string | null) => (browser ? sha256(browser) : null);

/**
 * External sign-in with an OpenID Connect provider (decision 0036): the authorization code flow with PKCE, state
 * and nonce, checked by openid-client. An identity is its issuer and subject; it signs a portal user in only once
 * linked to it, and a link is made only by someone who also gives that user's password.
 */
export function externalSignInService(deps: Deps) {
  const { config, clock } = deps;
  const repo = externalSignInRepository(deps.db);
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
    kind: TicketKind,
    issuer: string,
    subject: string,
    userId: string | null,
    display: string,
    /** The digest of the cookie of the browser the ticket is for. */
    browser: string,
  ) {
    const value = randomToken();
    const now = clock();
    // Tickets expired more than a day ago are of no use, not even to read what happened.
    await repo.addTicket(
      {
        hash: sha256(value),
        kind,
        issuer,
        subject,
        user_id: userId,
        display: display.slice(0, 200),
        browser_hash: browser,
        expires_at: minutes(now, kind === 'signin' ? EXTERNAL_SIGNIN_TICKET_MINUTES : EXTERNAL_LINK_TICKET_MINUTES),
      },
      minutes(now, -24 * 60),
    );
    return value;
  }

  /**
   * A ticket still good for the browser whose cookie is `browser`, else TicketRefused: `other-browser` when the
   * ticket is good but another browser started its sign-in (0056). `spend`: marks it used (so it works once).
   */
  async function readTicket(value: string, kind: TicketKind, browser: string | null, spend: boolean) {
    const now = clock();
    const found = await repo.goodTicket(sha256(value), kind, now);
    if (!found) throw new TicketRefused('expired');
    if (found.browser_hash === null || found.browser_hash !== browserHash(browser))
      throw new TicketRefused('other-browser');
    if (!spend) return found;
    const spent = await repo.spendTicket(sha256(value), kind, now);
    if (!spent) throw new TicketRefused('expired');
    return spent;
  }

  return {
    name: config.name,

    /**
     * The provider's authorization URL for a new request; its state, nonce and PKCE verifier are kept 10 minutes,
     * with the digest of `browser`, the random value of the cookie the starting browser gets (0056): the value it
     * has already when it has one, so that two sign-ins started in two tabs both work.
     */
    async start(base: string, existing: string | null): Promise<{ url: URL; browser: string }> {
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      const browser = existing && BROWSER_VALUE.test(existing) ? existing : randomToken();
      const now = clock();
      const configuration = await provider();
      await repo.addRequest(
        {
          state,
          nonce,
          code_verifier: verifier,
          browser_hash: sha256(browser),
          expires_at: minutes(now, EXTERNAL_REQUEST_MINUTES),
        },
        now,
      );
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: `${base}${CALLBACK_PATH}`,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, browser };
    },

    /**
     * The provider's answer at `currentUrl` (the callback URL as the browser asked it), in the browser whose cookie
     * is `browser`: the request of its state is used once, and only by the browser that started it (0056); the code
     * is exchanged with its verifier, the ID token's signature, issuer, audience and nonce checked. A linked identity
     * lands with a sign-in ticket, an unlinked one with a link ticket, both for this browser only.
     */
    async callback(currentUrl: URL, browser: string | null): Promise<Landing> {
      const state = currentUrl.searchParams.get('state') ?? '';
      const request = await repo.takeRequest(state, browserHash(browser), clock());
      if (!request) {
        // Another browser's request stays for that browser; this browser's own cookie (if any) is left alone.
        return fail((await repo.requestExists(state)) ? 'browser' : 'failed', false);
      }
      if (request.expired) return fail('expired');
      let claims: oidc.IDToken;
      let userinfo: () => Promise<oidc.UserInfoResponse>;
      try {
        const configuration = await provider();
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: request.code_verifier,
          expectedState: state,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
        const found = tokens.claims();
        if (!found) return fail('failed');
        claims = found;
        userinfo = () => oidc.fetchUserInfo(configuration, tokens.access_token, found.sub);
      } catch {
        // The provider refused (the person cancelled, or an error came back) or its answer did not check out.
        return fail(currentUrl.searchParams.has('error') ? 'refused' : 'failed');
      }
      let display = displayOf(claims);
      if (!display) {
        // Many providers put the name and e-mail only in the userinfo answer (checked to be of the same subject).
        try {
          display = displayOf(await userinfo());
        } catch (error) {
          deps.warn?.(error, 'external sign-in: the provider’s userinfo could not be read');
        }
      }
      const linked = await repo.linkedUser(claims.iss, claims.sub);
      if (linked === null)
        return {
          to: `/external/link#ticket=${await ticket('link', claims.iss, claims.sub, null, display, request.browser_hash)}`,
          spent: false,
        };
      return {
        to: `/external/signin#ticket=${await ticket('signin', claims.iss, claims.sub, linked, display, request.browser_hash)}`,
        spent: false,
      };
    },

    /**
     * ObtainLocalAccessToken: the portal's tokens for a sign-in ticket, once, in the browser that started it; ban
     * and client blocks apply now, with the refusal a password sign-in gives.
     */
    async obtainLocalAccessToken(value: string, browser: string | null, ctx: RequestContext) {
      const found = await readTicket(value, 'signin', browser, true);
      if (!found.user_id) throw new TicketRefused('expired');
      return deps.accounts.externalSession(found.user_id, ctx, `external ${found.issuer}`);
    },

    /** Who the provider says the person of a link ticket is (the ticket stays good), in the browser that started it. */
    async linkInfo(value: string, browser: string | null) {
      const found = await readTicket(value, 'link', browser, false);
      return { provider: config.name, display: found.display ?? '' };
    },

    /**
     * registerexternal: in the browser that started the sign-in (its password is not even asked elsewhere), the
     * person proves a portal account with its password (throttled like a sign-in); the identity of the link ticket
     * is then linked to that user, the ticket spent, and a session opened.
     */
    async registerExternal(
      input: { ticket: string; userName: string; password: string },
      browser: string | null,
      ctx: RequestContext,
    ) {
      await readTicket(input.ticket, 'link', browser, false);
      const user = await deps.accounts.checkPassword(
        { username: input.userName, password: input.password },
        ctx,
        // The device mark (0003) is a cookie of /token only: this attempt counts by IP and user name.
        null,
      );
      const found = await readTicket(input.ticket, 'link', browser, true);
      if (!(await repo.link(found.issuer, found.subject, user.id)))
        throw new TokenError('invalid_grant', 'WARN_ExternalAlreadyLinked');
      return deps.accounts.externalSession(user.id, ctx, `external link ${found.issuer}`);
    },
  };
}
export type ExternalSignInService = ReturnType<typeof externalSignInService>;

/** What the provider calls the person, for the link page: e-mail, else name, else preferred user name. */
function displayOf(claims: Record<string, unknown>): string {
  for (const value of [claims.email, claims.name, claims.preferred_username])
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return '';
}
