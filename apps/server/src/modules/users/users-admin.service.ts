import { mayActAs } from '@portal/contract/account';
import { DEFAULT_LANGUAGE, isLanguageKey, RANK } from '@portal/contract/constants';
import type { GridQuery } from '@portal/contract/grids';
import { IMAGE_SLOTS, imageUrl } from '@portal/contract/images';
import {
  ADMIN_ONLY_ROLES,
  isNewUserId,
  NEW_USER_ID,
  type PutRolesRequest,
  type putUserAdminRequest,
  type putUserRequest,
  USERS_GRID_CLIENT_OPS,
  USERS_MESSAGES,
  type UserDetail,
} from '@portal/contract/users';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sendPasswordLink } from '../../db/password-links.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type { UserRow, UsersAdminRepository } from './users-admin.repository.ts';

/** Which users the caller administers: every one (admins, null) or their own client's (client admins). */
export function userScope(me: Principal): string | null {
  if (me.rank >= RANK.admin) return null;
  if (me.rank >= RANK.clientAdmin) return me.clientId;
  throw forbidden();
}

/** The users grid takes client_id by equality only (spec part 2 §2). */
export function checkClientIdOps(query: GridQuery): void {
  if (!query.filters) return;
  let json: unknown;
  try {
    json = JSON.parse(query.filters);
  } catch {
    return; // planGrid answers the 400.
  }
  const walk = (group: unknown): void => {
    if (!group || typeof group !== 'object') return;
    const g = group as { rules?: unknown[]; groups?: unknown[] };
    for (const rule of g.rules ?? []) {
      const r = rule as { field?: unknown; op?: unknown };
      if (
        typeof r.field === 'string' &&
        r.field.toLowerCase() === 'client_id' &&
        !(USERS_GRID_CLIENT_OPS as readonly string[]).includes(String(r.op).toLowerCase())
      ) {
        throw badRequest('WARN_ValidationError', 'filters: client_id takes eq only');
      }
    }
    for (const sub of g.groups ?? []) walk(sub);
  };
  walk(json);
  if (query._search && query.searchField?.toLowerCase() === 'client_id' && (query.searchOper ?? 'eq') !== 'eq') {
    throw badRequest('WARN_ValidationError', 'searchField: client_id takes eq only');
  }
}

type Deps = { db: Db; repo: UsersAdminRepository; clock: () => Date };

export function usersAdminService({ db, repo, clock }: Deps) {
  const view = (row: UserRow, me: Principal): UserDetail => ({
    id: row.id,
    id_user: row.id,
    username: row.username,
    email: row.email,
    cliente_id: row.cliente_id,
    clientName: row.clientName,
    image_id: row.image_id,
    image_url:
      row.image_id !== null && row.image_hash ? imageUrl(row.image_id, row.image_hash, IMAGE_SLOTS.thumbnail) : null,
    lockoutenabled: row.lockoutenabled,
    tokencreated: row.tokencreated,
    addressdefault_recid: row.addressdefault_recid,
    language: isLanguageKey(row.language) ? row.language : DEFAULT_LANGUAGE,
    language_chosen: row.language_chosen,
    rank: row.rank,
    hasPassword: row.hasPassword,
    mayActAs:
      !me.actorId &&
      mayActAs(
        { id: me.id, roles: me.roles, clientId: me.clientId },
        { id: row.id, roles: row.roles, clientId: row.cliente_id },
      ),
  });

  /** A user the caller administers; another client's user is not found (404), as if it did not exist. */
  async function managed(me: Principal, id: string): Promise<UserRow> {
    const scope = userScope(me);
    if (isNewUserId(id) || !/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
    const row = await repo.byId(id);
    if (!row || (scope !== null && row.cliente_id !== scope)) throw notFound();
    return row;
  }

  async function newUser(me: Principal, clientId: string | undefined): Promise<UserDetail> {
    const scope = userScope(me);
    const client = scope ?? clientId ?? null;
    if (scope !== null && clientId !== undefined && clientId !== scope) throw notFound();
    return {
      id: NEW_USER_ID,
      id_user: NEW_USER_ID,
      username: '',
      email: null,
      cliente_id: client,
      clientName: null,
      image_id: null,
      image_url: null,
      lockoutenabled: false,
      tokencreated: null,
      addressdefault_recid: null,
      language: 'es',
      language_chosen: false,
      rank: RANK.ordinary,
      hasPassword: false,
      mayActAs: false,
    };
  }

  async function checkRefs(via: Db, input: { clientId: string; imageId: number | null; addressId: number | null }) {
    if (!(await repo.clientExists(input.clientId, via))) throw badRequest(USERS_MESSAGES.clientUnknown);
    if (input.imageId !== null && !(await repo.imageExists(input.imageId, via))) {
      throw badRequest(USERS_MESSAGES.imageUnknown);
    }
    if (input.addressId !== null && !(await repo.addressOfClient(input.addressId, input.clientId, via))) {
      throw badRequest(USERS_MESSAGES.addressNotOfClient);
    }
  }

  return {
    userScope,
    managed,
    newUser,
    view,

    async grid(me: Principal, query: GridQuery, clientId?: string) {
      const scope = userScope(me);
      if (clientId !== undefined && scope !== null && clientId !== scope) throw notFound();
      checkClientIdOps(query);
      return repo.grid(query, clientId ?? scope);
    },

    async detail(me: Principal, id: string): Promise<UserDetail> {
      return view(await managed(me, id), me);
    },

    /**
     * putuseradmin/{id}: creates (all-zero id) or updates a user of the caller's scope. A new user gets no
     * password: a one-time link to set it is e-mailed in the same transaction (decision 0031).
     */
    async saveAdmin(
      me: Principal,
      id: string,
      body: z.output<typeof putUserAdminRequest>,
      baseUrl: string,
    ): Promise<{ id: string; created: boolean }> {
      const scope = userScope(me);
      if (isNewUserId(id)) {
        const clientId = scope ?? body.cliente_id;
        if (!clientId) throw badRequest(USERS_MESSAGES.clientRequired);
        if (scope !== null && body.cliente_id !== undefined && body.cliente_id !== scope) throw notFound();
        return db.transaction(async (tx) => {
          if (await repo.usernameTaken(body.username, null, tx)) throw badRequest(USERS_MESSAGES.userNameTaken);
          const write = {
            username: body.username,
            email: body.email,
            clientId,
            imageId: body.image_id,
            addressId: body.addressdefault_recid,
            language: body.language,
          };
          await checkRefs(tx, write);
          const newId = await repo.insert(tx, write);
          await sendPasswordLink(tx, { userId: newId, purpose: 'welcome', baseUrl, now: clock() });
          return { id: newId, created: true };
        });
      }
      const row = await managed(me, id);
      // A client admin never moves a user to another client.
      const clientId = scope ?? body.cliente_id ?? row.cliente_id;
      if (scope !== null && body.cliente_id !== undefined && body.cliente_id !== scope) throw notFound();
      if (!clientId) throw badRequest(USERS_MESSAGES.clientRequired);
      await db.transaction(async (tx) => {
        if (await repo.usernameTaken(body.username, row.id, tx)) throw badRequest(USERS_MESSAGES.userNameTaken);
        const write = {
          username: body.username,
          email: body.email,
          clientId,
          imageId: body.image_id,
          addressId: body.addressdefault_recid,
          language: body.language,
        };
        await checkRefs(tx, write);
        await repo.update(tx, row.id, write);
      });
      return { id: row.id, created: false };
    },

    /** putuser/{id}: the caller's own picture, default address, language and password (asks the current one). */
    async saveOwn(me: Principal, id: string, body: z.output<typeof putUserRequest>): Promise<void> {
      if (id !== me.id && id.toLowerCase() !== 'profile') throw notFound();
      if (body.image_id !== null && !(await repo.imageExists(body.image_id))) {
        throw badRequest(USERS_MESSAGES.imageUnknown);
      }
      if (body.addressdefault_recid !== null && !(await repo.addressOfClient(body.addressdefault_recid, me.clientId))) {
        throw badRequest(USERS_MESSAGES.addressNotOfClient);
      }
      let hash: string | undefined;
      if (body.newPassword) {
        const ok = await verifyPassword(await repo.passwordHash(me.id), body.currentPassword ?? '');
        if (!ok) throw badRequest(USERS_MESSAGES.currentPasswordWrong);
        hash = await hashPassword(body.newPassword);
      }
      await repo.updateOwn(me.id, body.image_id, body.addressdefault_recid, body.language, hash);
    },

    async remove(me: Principal, id: string): Promise<void> {
      const row = await managed(me, id);
      if (row.id === me.id) throw badRequest(USERS_MESSAGES.cannotDeleteSelf);
      if (await repo.hasHistory(row.id)) throw badRequest(USERS_MESSAGES.userHasHistory);
      await repo.remove(row.id);
    },

    async roles(me: Principal, id: string, lang: string) {
      const row = await managed(me, id);
      const roles = await repo.roles(row.id, lang);
      const admin = me.rank >= RANK.admin;
      return roles.map((r) => ({ ...r, editable: admin || !ADMIN_ONLY_ROLES.includes(r.nombre) }));
    },

    /**
     * putuserroles/{id}: sets the named roles as checked or not. A client admin changing admin, client admin or
     * comercial is refused (403) and nothing is written.
     */
    async putRoles(me: Principal, id: string, body: PutRolesRequest): Promise<void> {
      const row = await managed(me, id);
      const known = new Set(await repo.roleNames());
      for (const r of body.roles) if (!known.has(r.nombre)) throw badRequest(USERS_MESSAGES.roleUnknown, r.nombre);
      const current = new Set((await repo.roles(row.id, 'es')).filter((r) => r.sw_checked).map((r) => r.nombre));
      const grant = body.roles.filter((r) => r.sw_checked && !current.has(r.nombre)).map((r) => r.nombre);
      const revoke = body.roles.filter((r) => !r.sw_checked && current.has(r.nombre)).map((r) => r.nombre);
      if (me.rank < RANK.admin && [...grant, ...revoke].some((r) => ADMIN_ONLY_ROLES.includes(r))) throw forbidden();
      await repo.setRoles(row.id, grant, revoke);
    },

    async stores(me: Principal, id: string) {
      const row = await managed(me, id);
      return repo.stores(row.id);
    },

    async putStores(me: Principal, id: string, storeIds: string[]): Promise<void> {
      const row = await managed(me, id);
      const known = new Set(await repo.storeIds());
      for (const s of storeIds) if (!known.has(s)) throw badRequest(USERS_MESSAGES.storeUnknown, s);
      await repo.setStores(row.id, storeIds);
    },
  };
}
export type UsersAdminService = ReturnType<typeof usersAdminService>;
