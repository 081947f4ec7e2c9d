/**
 * The calls of signing in and out, registering, password links and external sign-in, each declared once (issue 24;
 * decision 0062), over the schemas of account.ts; and acting as a client's user
 * (`actingCalls`, decision 0035).
 */
import { z } from 'zod';
import {
  ACTING_MAX_MINUTES,
  ACTING_SEARCH,
  actAsRequest,
  actingCandidates,
  actingCandidatesQuery,
  actingInfo,
  checkPasswordLinkRequest,
  externalLinkInfo,
  externalLinkQuery,
  externalProvider,
  forgotPasswordRequest,
  loggedUser,
  logoutRequest,
  machineTokenResponse,
  obtainLocalAccessTokenQuery,
  okMessage,
  passwordLinkInfo,
  registerConfirmRequest,
  registerExternalRequest,
  registerRequest,
  setPasswordRequest,
  tokenRequest,
  tokenResponse,
  workZoneOptions,
} from './account.ts';
import { endpoint } from './endpoint.ts';
import { errorBody, tokenError } from './errors.ts';

const tags = ['account'] as const;
/** A refused external sign-in answers like /token; a request the input checks refuse answers like every other call. */
const tokenOrErrorBody = z.union([tokenError, errorBody]);
/** A redirect: no body. */
const redirect = z.null();

/** POST /api/account/setpassword's answer: the user name, for the sign-in form that follows. */
export const setPasswordResponse = okMessage.extend({ userName: z.string() });

/**
 * Sign-in and its edges (spec part 1 §2 and §7; decisions 0003, 0034, 0036): the token grants, logout, registration
 * and its work zones, the signed-in user, password links, and external sign-in (the redirects to and from the
 * provider, the ticket's tokens, the link page). Rate limits are the server's (route options), not part of the call.
 */
export const accountCalls = {
  token: endpoint({
    method: 'POST',
    path: '/token',
    access: 'anonymous',
    summary:
      'Sign in (password grant), renew a session (refresh_token grant), or a machine client’s token (client_credentials grant); form encoded',
    tags,
    consumes: ['application/x-www-form-urlencoded'],
    body: tokenRequest,
    response: z.union([tokenResponse, machineTokenResponse]),
    refusals: { 400: tokenError, 401: tokenError, 429: tokenError },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/account/logout',
    access: 'user',
    summary: 'Revoke the caller’s refresh token (and its chain)',
    tags,
    body: logoutRequest,
    response: okMessage,
    refusals: { 400: errorBody },
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/account/register',
    access: 'anonymous',
    summary: 'Register a user in a work zone; the account stays unconfirmed until the e-mailed link is opened',
    tags,
    body: registerRequest,
    response: okMessage,
    refusals: { 400: errorBody },
  }),
  registerConfirm: endpoint({
    method: 'POST',
    path: '/api/account/registerconfirm',
    access: 'anonymous',
    summary: 'Confirm a registration, once',
    tags,
    body: registerConfirmRequest,
    response: okMessage,
    refusals: { 400: errorBody },
  }),
  /** The work zones offered on registration (registered from modules/clients). */
  workZones: endpoint({
    method: 'GET',
    path: '/api/inclient/getWorkZonesOptions',
    access: 'anonymous',
    summary: 'Work zones a new user may register in',
    tags: ['clients'],
    response: workZoneOptions,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/account/forgotpassword',
    access: 'anonymous',
    summary: 'E-mail a one-time link to set a new password; the same answer whether the name exists or not',
    tags,
    body: forgotPasswordRequest,
    response: okMessage,
    refusals: { 400: errorBody, 429: errorBody },
  }),
  checkPasswordLink: endpoint({
    method: 'POST',
    path: '/api/account/checkpasswordlink',
    access: 'anonymous',
    summary: 'Is a password link still good (not used, not expired), and for which user',
    tags,
    body: checkPasswordLinkRequest,
    response: passwordLinkInfo,
    refusals: { 400: errorBody, 429: errorBody },
  }),
  setPassword: endpoint({
    method: 'POST',
    path: '/api/account/setpassword',
    access: 'anonymous',
    summary: 'Set the password with a one-time link; ends every session of the user',
    tags,
    body: setPasswordRequest,
    response: setPasswordResponse,
    refusals: { 400: errorBody, 429: errorBody },
  }),
  externalProvider: endpoint({
    method: 'GET',
    path: '/api/account/external/provider',
    access: 'anonymous',
    summary: 'Whether external sign-in is on, and the name of its provider for the button',
    tags,
    response: externalProvider,
  }),
  /** A page the browser opens (a full load): the answer is a redirect to the provider. */
  externalStart: endpoint({
    method: 'GET',
    path: '/api/account/external/start',
    access: 'anonymous',
    summary: 'Starts a sign-in at the provider: a redirect to its authorization page (code flow, PKCE, state, nonce)',
    tags,
    status: 302,
    response: redirect,
    refusals: { 404: errorBody, 429: errorBody },
  }),
  /** Where the provider sends the browser back. */
  externalCallback: endpoint({
    method: 'GET',
    path: '/api/account/external/callback',
    access: 'anonymous',
    summary:
      "The provider's answer: checked, then a redirect to /external/signin or /external/link with a one-time ticket, or to /login?external=<reason>",
    tags,
    // What the provider sends back (OAuth 2 / OpenID Connect); the whole URL is checked by openid-client.
    query: z.looseObject({
      code: z.string().optional(),
      state: z.string().optional(),
      iss: z.string().optional(),
      error: z.string().optional(),
      error_description: z.string().optional(),
    }),
    status: 302,
    response: redirect,
    refusals: { 404: errorBody, 429: errorBody },
  }),
  obtainLocalAccessToken: endpoint({
    method: 'GET',
    path: '/api/account/ObtainLocalAccessToken',
    access: 'anonymous',
    summary:
      "The portal's own tokens for the one-time sign-in ticket of a linked external identity, in the browser that started the sign-in",
    tags,
    query: obtainLocalAccessTokenQuery,
    response: tokenResponse,
    refusals: { 400: tokenOrErrorBody, 404: errorBody, 429: errorBody },
  }),
  externalLink: endpoint({
    method: 'GET',
    path: '/api/account/external/link',
    access: 'anonymous',
    summary:
      'Who the provider says the person of a link ticket is (404 when the ticket is used or expired, 403 in another browser than the one that started the sign-in)',
    tags,
    query: externalLinkQuery,
    response: externalLinkInfo,
    refusals: { 400: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
  }),
  registerExternal: endpoint({
    method: 'POST',
    path: '/api/account/registerexternal',
    access: 'anonymous',
    summary:
      'Links the external identity of a link ticket to the portal account whose user name and password are given, then signs in; only in the browser that started the sign-in',
    tags,
    body: registerExternalRequest,
    response: tokenResponse,
    refusals: { 400: tokenOrErrorBody, 404: errorBody, 429: tokenOrErrorBody },
  }),
  /** The signed-in user, read by the shell and by every feature that hides what the caller may not do. */
  user: endpoint({
    method: 'GET',
    path: '/api/account/getUser',
    access: 'user',
    summary: 'The signed-in user, rank and permissions',
    tags,
    response: loggedUser,
  }),
};

/** Acting as a client's user (decision 0035): start, search whom, who acts, stop. */
export const actingCalls = {
  actAs: endpoint({
    method: 'POST',
    path: '/api/account/actas',
    access: 'user',
    summary: `Act as a client's user for at most ${ACTING_MAX_MINUTES} minutes (admins, comerciales; a client admin as an ordinary user of their client)`,
    tags: ['account'],
    body: actAsRequest,
    response: tokenResponse,
    refusals: { 400: errorBody, 401: errorBody, 404: errorBody },
  }),
  actAsCandidates: endpoint({
    method: 'GET',
    path: '/api/account/actascandidates',
    access: 'user',
    summary: `The users the caller may act as whose user name, e-mail, client or client name holds q (at most ${ACTING_SEARCH.maxResults}); 403 to who may act as nobody`,
    tags: ['account'],
    query: actingCandidatesQuery,
    response: actingCandidates,
    refusals: { 400: errorBody, 401: errorBody, 403: errorBody },
  }),
  acting: endpoint({
    method: 'GET',
    path: '/api/account/acting',
    access: 'user',
    summary: 'While acting as a user: who acts and until when (null otherwise)',
    tags: ['account'],
    response: z.object({ acting: actingInfo.nullable() }),
  }),
  stopActing: endpoint({
    method: 'POST',
    path: '/api/account/stopacting',
    access: 'user',
    summary: 'Return from acting as a user: the acting session ends at once',
    tags: ['account'],
    response: z.object({ message: z.string() }),
    refusals: { 400: errorBody },
  }),
};
