import {
  blockUserRequest,
  blockUserResult,
  checkAuthTokenOriginQuery,
  checkAuthTokenOriginResult,
  okMessage,
  userIdParams,
  userProfile,
} from '@portal/contract/account';
import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { UsersRepository } from './users.repository.ts';

const tag = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ repo: UsersRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  app.get('/api/inuser/getprofile/', {
    config: { auth: 'user' },
    schema: { tags: tag, summary: 'The caller’s own user record', response: { 200: userProfile, 404: errorBody } },
    handler: async (request) => {
      const row = await repo.profile(callerOf(request).id);
      if (!row) throw notFound();
      return {
        ...row,
        tokencreated: row.tokencreated?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      };
    },
  });

  // docs/decisions/0005-user-profile-calls.md
  app.post('/api/inuser/CheckAuthTokenOrigin', {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary:
        'May the caller act for the named user? 0 self, 2 no, 3 as admin, 4 as client admin; 1 unknown (told to admins only)',
      querystring: checkAuthTokenOriginQuery,
      response: { 200: checkAuthTokenOriginResult },
    },
    handler: async (request) => {
      const me = callerOf(request);
      const target = await repo.findByUsername(request.query.username);
      if (target && target.id === me.id) return { result: 0 as const, username: target.username };
      // Admins see every user in user administration anyway: they may hear that a name is unknown.
      if (me.rank >= RANK.admin) {
        return target ? { result: 3 as const, username: target.username } : { result: 1 as const, username: null };
      }
      if (target && me.rank >= RANK.clientAdmin && target.clientId === me.clientId) {
        return { result: 4 as const, username: target.username };
      }
      // Anybody else hears the same for a name that does not exist and for somebody else's user.
      return { result: 2 as const, username: null };
    },
  });

  /** Admins act on every user; a client admin on their own client's only (another one's is not found). */
  async function inScope(request: FastifyRequest, id: string): Promise<void> {
    const me = callerOf(request);
    if (me.rank >= RANK.admin) return;
    const target = await repo.profile(id);
    if (!target || target.cliente_id !== me.clientId) throw notFound();
  }

  app.post('/api/inuser/blockuser/:id', {
    config: { auth: { rank: RANK.clientAdmin } },
    schema: {
      tags: tag,
      summary: 'Ban (blocked=true) or lift the ban of a user; a ban ends the user’s sessions at once',
      params: userIdParams,
      body: blockUserRequest,
      response: { 200: blockUserResult, 404: errorBody },
    },
    handler: async (request) => {
      const { id } = request.params;
      await inScope(request, id);
      if (!(await repo.setBanned(id, request.body.blocked))) throw notFound();
      if (request.body.blocked) await repo.endSessions(id, clock());
      // Answered once this instance has heard of the change: its next request with that user's token fails.
      await app.principalChanges.settled();
      return { result: request.body.blocked };
    },
  });

  app.post('/api/inuser/forcelogout/:id', {
    config: { auth: { rank: RANK.clientAdmin } },
    schema: {
      tags: tag,
      summary: 'End every session of a user at once (clears tokencreated)',
      params: userIdParams,
      response: { 200: okMessage, 404: errorBody },
    },
    handler: async (request) => {
      await inScope(request, request.params.id);
      if (!(await repo.endSessions(request.params.id, clock()))) throw notFound();
      await app.principalChanges.settled();
      return { message: 'WARN_ForceLogOut_Ok' };
    },
  });
};
