import { isLanguageKey, type LanguageKey, type Rank, rankOf } from '@portal/contract/constants';
import type { Access } from '@portal/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLanguage } from '../lib/request-language.ts';
import { rulePath } from '../lib/request-path.ts';
import { forbidden, isApiPath, unauthorized } from './errors.ts';
import { type PrincipalRow, sessionRefusal, type TokenVerifier } from './principal.ts';

/**
 * Who may call a route, declared on every API route (`config.auth`) and checked here, in one place: the contract's
 * `Access` (endpoint.ts): 'anonymous', 'optional', 'user', { rank }, { role }, or { scope } for machine clients.
 */
export type AuthRule = Access;

/** The machine client of an integration call (decision 0057). */
export type Machine = { id: string; clientId: string; name: string; scopes: string[] };

export type Principal = {
  id: string;
  username: string;
  clientId: string;
  clientName: string | null;
  clientStore: string | null;
  roles: string[];
  rank: Rank;
  imageId: number | null;
  /**
   * The language of the user's profile when the user chose it, which the web switches to at sign-in (getUser's
   * `language`); null when nobody chose one: the screen keeps its own (decision 0092).
   */
  profileLanguage: LanguageKey | null;
  /** While a staff member acts as this user: the staff member's user id (decision 0035). */
  actorId?: string;
  /** The language the request reads (its Accept-Language; decision 0091): the ERP's names are shown in it. */
  language: LanguageKey;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** On a route open to anybody, the caller of an acting session's token: only its log reads it. */
    actingCaller: Principal | null;
    /** The integration client of a { scope } route (decision 0057). */
    machine: Machine | null;
  }
}

/** The caller of a route whose rule is not 'anonymous': always present there. */
export function callerOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** `loadPrincipal`: the caller by user id, as fresh as the principal cache keeps it (plugins/principal-cache.ts). */
type Options = {
  signer: TokenVerifier;
  loadPrincipal: (id: string) => Promise<PrincipalRow | null>;
  /** An integration client that is not revoked, by id (decision 0057). */
  loadMachine: (id: string) => Promise<(Machine & { secretVersion: number }) | null>;
};

async function authPlugin(app: FastifyInstance, options: Options) {
  app.decorateRequest('principal', null);
  app.decorateRequest('actingCaller', null);
  app.decorateRequest('machine', null);

  // A route without a declared rule is a programming error: refuse to start.
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!isApiPath(url) || url.startsWith('/api/docs')) return;
    if (route.config?.auth === undefined) throw new Error(`Route ${route.method} ${url} declares no auth rule`);
  });

  /** The caller a bearer header names, or null when the token is forged, expired or its session has ended. */
  async function principalOf(header: string | undefined, language: LanguageKey): Promise<Principal | null> {
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) return null;
    const claims = await options.signer.verify(match[1]!);
    if (!claims) return null;
    const row = await options.loadPrincipal(claims.sub);
    // A ban, a forced logout or a blocked client ends every token at once; a revoked family (a reused refresh
    // token, a logout) ends the tokens of that session.
    if (
      !row ||
      row.tokenVersion !== claims.tv ||
      row.revokedFamilies.includes(claims.fam) ||
      sessionRefusal(row) ||
      !row.clientId
    ) {
      return null;
    }
    return {
      id: row.id,
      username: row.username,
      clientId: row.clientId,
      clientName: row.clientName,
      clientStore: row.clientStore,
      roles: row.roles,
      rank: rankOf(row.roles),
      imageId: row.imageId,
      profileLanguage: isLanguageKey(row.profileLanguage) ? row.profileLanguage : null,
      ...(claims.act ? { actorId: claims.act } : {}),
      language,
    };
  }

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.auth ?? 'anonymous';
    const header = request.headers.authorization;
    const language = requestLanguage(request.headers['accept-language']);
    if (rule === 'anonymous') {
      // Nobody is asked for a token here, but a call made while acting is still the acting session's: it is
      // logged with both identities like every other (decision 0052). A bad token changes nothing.
      if (header && /^Bearer\s/i.test(header)) {
        const caller = await principalOf(header, language);
        if (caller?.actorId) request.actingCaller = caller;
      }
      return;
    }
    if (typeof rule === 'object' && 'scope' in rule) {
      // Only a machine client's token, holding the scope, reaches an integration route; a person's never does.
      const token = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
      const claims = token ? options.signer.verifyMachine(token) : null;
      const machine = claims ? await options.loadMachine(claims.sub) : null;
      if (!claims || !machine || machine.secretVersion !== claims.ver) throw unauthorized();
      if (!claims.scope.includes(rule.scope) || !machine.scopes.includes(rule.scope)) throw forbidden();
      request.machine = { id: machine.id, clientId: machine.clientId, name: machine.name, scopes: machine.scopes };
      return;
    }
    if (rule === 'optional' && !header) return;
    const principal = await principalOf(header, language);
    if (!principal) throw unauthorized();
    request.principal = principal;
    if (rule === 'user' || rule === 'optional') return;
    if (rule.rank !== undefined && principal.rank < rule.rank) throw forbidden();
    if (rule.role !== undefined && !principal.roles.includes(rule.role)) throw forbidden();
  });

  // No API answer is kept by a browser or a shared cache unless its route says it may be (public pictures,
  // dictionaries): the rest is, or may be, somebody's data, and refusals must not be replayed from a cache.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(rulePath(request)) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
