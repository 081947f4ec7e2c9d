/**
 * The calls of user administration, each declared once (issue 24; decision 0062), over the schemas of users.ts and
 * account.ts: users under /api/inuser (admins every user, a client admin the users of their own client; decision
 * 0031). The clients' calls (/api/inclient) are clients-calls.ts's.
 */
import { z } from 'zod';
import {
  blockUserRequest,
  blockUserResult,
  checkAuthTokenOriginQuery,
  checkAuthTokenOriginResult,
  okMessage,
  userIdParams,
  userProfile,
} from './account.ts';
import { addressListResponse } from './cart.ts';
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { gridQuery, gridResponse } from './grids.ts';
import {
  clientParams,
  myRoles,
  newUserQuery,
  putRolesRequest,
  putUserAdminRequest,
  putUserRequest,
  putUserStoresRequest,
  roleList,
  rolesQuery,
  savedUserResponse,
  userAddrListQuery,
  userDetailParams,
  userDetailResponse,
  userGridRow,
  userStores,
} from './users.ts';

const manager = { rank: RANK.clientAdmin } as const;
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const saved = z.object({ message: z.string() });

/** A user of the caller's scope, or a blank one for an all-zero or `new` id (two paths, one answer). */
const userDetailCall = <P extends '/api/inuser/getuser/:id' | '/api/inuser/getuser2/:id'>(path: P) =>
  endpoint({
    method: 'GET',
    path,
    access: manager,
    summary: 'A user of the caller’s scope; an all-zero or `new` id answers a blank user',
    tags: ['users'],
    params: userDetailParams,
    query: newUserQuery,
    response: userDetailResponse,
    refusals,
  });

/** The calls of users (/api/inuser, and the user's addresses under /api/incheckout). */
export const userCalls = {
  grid: endpoint({
    method: 'POST',
    path: '/api/inuser/GetUsersJqGrid',
    access: manager,
    summary: 'Users grid (jqGrid protocol in the body): username ascending; client_id by equality only',
    tags: ['users'],
    body: gridQuery,
    response: gridResponse(userGridRow),
    refusals,
  }),
  byClientGrid: endpoint({
    method: 'GET',
    path: '/api/inuser/GetUsersByClientJqGrid/:id',
    access: manager,
    summary: 'The users of one client (jqGrid protocol)',
    tags: ['users'],
    params: clientParams,
    query: gridQuery,
    response: gridResponse(userGridRow),
    refusals,
  }),
  newUser: endpoint({
    method: 'GET',
    path: '/api/inuser/getnewuser',
    access: manager,
    summary: 'A blank user (all-zero id); c_id presets the client',
    tags: ['users'],
    query: newUserQuery,
    response: userDetailResponse,
    refusals,
  }),
  user: userDetailCall('/api/inuser/getuser/:id'),
  user2: userDetailCall('/api/inuser/getuser2/:id'),
  me: endpoint({
    method: 'GET',
    path: '/api/inuser/getuser',
    access: 'user',
    summary: 'The caller’s own user as the profile screen edits it',
    tags: ['users'],
    response: userDetailResponse,
    refusals,
  }),
  putAdmin: endpoint({
    method: 'POST',
    path: '/api/inuser/putuseradmin/:id',
    access: manager,
    summary: 'Create (all-zero id) or update a user; a new one is e-mailed a one-time link to set its password',
    tags: ['users'],
    params: userDetailParams,
    body: putUserAdminRequest,
    response: savedUserResponse,
    refusals,
  }),
  putOwn: endpoint({
    method: 'POST',
    path: '/api/inuser/putuser/:id',
    access: 'user',
    summary: 'The caller’s own picture, default address, language and password (the current one is asked)',
    tags: ['users'],
    params: userDetailParams,
    body: putUserRequest,
    response: savedUserResponse,
    refusals,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/inuser/deleteuser/:id',
    access: manager,
    summary: 'Delete a user without history (web orders keep a user: 400 WARN_UserHasHistory)',
    tags: ['users'],
    params: userDetailParams,
    response: saved,
    refusals,
  }),
  myRoles: endpoint({
    method: 'GET',
    path: '/api/inuser/getMyRoles',
    access: 'user',
    summary: 'The caller’s roles and rank',
    tags: ['users'],
    response: myRoles,
    refusals: { 401: errorBody },
  }),
  roles: endpoint({
    method: 'GET',
    path: '/api/inuser/getuserroles/:id',
    access: manager,
    summary: 'Every role in the language, checked when the user holds it; editable: the caller may change it',
    tags: ['users'],
    params: userDetailParams,
    query: rolesQuery,
    response: roleList,
    refusals,
  }),
  putRoles: endpoint({
    method: 'POST',
    path: '/api/inuser/putuserroles/:id',
    access: manager,
    summary: 'Set the named roles; a client admin changing admin, clientadmin or comercial is refused (403)',
    tags: ['users'],
    params: userDetailParams,
    body: putRolesRequest,
    response: saved,
    refusals,
  }),
  stores: endpoint({
    method: 'GET',
    path: '/api/inuser/GetInventLocations/:id',
    access: manager,
    summary: 'Every store; selected ones in order (position 0: the default, the home store of the cart lines)',
    tags: ['users'],
    params: userDetailParams,
    response: userStores,
    refusals,
  }),
  putStores: endpoint({
    method: 'POST',
    path: '/api/inuser/PutInventLocationsUser/:id',
    access: manager,
    summary: 'The stores a user works with, in order: the first is the default (decision 0033)',
    tags: ['users'],
    params: userDetailParams,
    body: putUserStoresRequest,
    response: saved,
    refusals,
  }),
  addresses: endpoint({
    method: 'GET',
    path: '/api/incheckout/getaddrlistbyuser',
    access: 'user',
    summary:
      'A user’s client’s addresses with its default selected (the caller, `profile`, or a managed user); for a new user (all-zero id) the addresses of id_cliente, none selected',
    tags: ['users'],
    query: userAddrListQuery,
    response: addressListResponse,
    refusals,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/inuser/getprofile/',
    access: 'user',
    summary: 'The caller’s own user record',
    tags: ['users'],
    response: userProfile,
    refusals: { 404: errorBody },
  }),
  // docs/decisions/0005-user-profile-calls.md
  checkAuthTokenOrigin: endpoint({
    method: 'POST',
    path: '/api/inuser/CheckAuthTokenOrigin',
    access: 'user',
    summary:
      'May the caller act for the named user? 0 self, 2 no, 3 as admin, 4 as client admin; 1 unknown (told to admins only)',
    tags: ['users'],
    query: checkAuthTokenOriginQuery,
    response: checkAuthTokenOriginResult,
  }),
  block: endpoint({
    method: 'POST',
    path: '/api/inuser/blockuser/:id',
    access: manager,
    summary: 'Ban (blocked=true) or lift the ban of a user; a ban ends the user’s sessions at once',
    tags: ['users'],
    params: userIdParams,
    body: blockUserRequest,
    response: blockUserResult,
    refusals: { 404: errorBody },
  }),
  forceLogout: endpoint({
    method: 'POST',
    path: '/api/inuser/forcelogout/:id',
    access: manager,
    summary: 'End every session of a user at once (clears tokencreated)',
    tags: ['users'],
    params: userIdParams,
    response: okMessage,
    refusals: { 404: errorBody },
  }),
};
