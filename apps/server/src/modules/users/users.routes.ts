import { RANK } from '@portal/contract/constants';
import { userCalls as c } from '@portal/contract/users-calls';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { UsersRepository } from './users.repository.ts';

export const usersRoutes: FastifyPluginAsync<{ repo: UsersRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  endpointRoute(app, c.profile, async (request) => {
    const row = await repo.profile(callerOf(request).id);
    if (!row) throw notFound();
    return {
      ...row,
      tokencreated: row.tokencreated?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
    };
  });

  // docs/decisions/0005-user-profile-calls.md
  endpointRoute(app, c.checkAuthTokenOrigin, async (request) => {
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
  });

  /** Admins act on every user; a client admin on their own client's only (another one's is not found). */
  async function inScope(request: FastifyRequest, id: string): Promise<void> {
    const me = callerOf(request);
    if (me.rank >= RANK.admin) return;
    const target = await repo.profile(id);
    if (!target || target.cliente_id !== me.clientId) throw notFound();
  }

  endpointRoute(app, c.block, async (request) => {
    const { id } = request.params;
    await inScope(request, id);
    if (!(await repo.setBanned(id, request.body.blocked))) throw notFound();
    if (request.body.blocked) await repo.endSessions(id, clock());
    // Answered once this instance has heard of the change: its next request with that user's token fails.
    await app.principalChanges.settled();
    return { result: request.body.blocked };
  });

  endpointRoute(app, c.forceLogout, async (request) => {
    await inScope(request, request.params.id);
    if (!(await repo.endSessions(request.params.id, clock()))) throw notFound();
    await app.principalChanges.settled();
    return { message: 'WARN_ForceLogOut_Ok' };
  });
};
