import { RANK } from '@portal/contract/constants';
import { faqCalls as c, FAQ_MESSAGES } from '@portal/contract/faq';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { FaqRepository } from './faq.repository.ts';

/**
 * FAQ packs (spec part 2 §7 "FAQ"; decision 0038): the calls declared in the contract (`faqCalls`; issue 24), each
 * registered from its declaration. Admins edit every pack; signed-in users read the active packs; anonymous callers
 * read only the default public pack of a language (getdefaultfaqpack).
 */
export const faqRoutes: FastifyPluginAsync<{ repo: FaqRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  const isAdmin = (request: Parameters<typeof callerOf>[0]) => callerOf(request).rank >= RANK.admin;

  endpointRoute(app, c.grid, (request) => repo.grid(request.query));

  endpointRoute(app, c.gridOfLanguage, (request) => repo.grid(request.query, request.query.cod_idioma));

  endpointRoute(app, c.ofLanguage, (request) => repo.activeOfLanguage(request.query.cod_idioma));

  endpointRoute(app, c.defaultPacks, async (request) => {
    const signedIn = request.principal !== null;
    const [pub, priv] = await Promise.all([
      repo.defaultPack(request.query.lang, 2),
      signedIn ? repo.defaultPack(request.query.lang, 1) : Promise.resolve(null),
    ]);
    return { public: pub, private: priv };
  });

  endpointRoute(app, c.pack, async (request) => {
    const pack = request.params.id === 0 ? null : await repo.pack(request.params.id, !isAdmin(request));
    if (!pack) throw notFound();
    return pack;
  });

  endpointRoute(app, c.responses, async (request) => {
    const responses = request.params.id === 0 ? null : await repo.responses(request.params.id, !isAdmin(request));
    if (!responses) throw notFound();
    return responses;
  });

  endpointRoute(app, c.newPack, async (request) => ({
    id_faqpack: 0,
    idioma_cod: request.query.lang,
    nombre: '',
    descripcion: '',
    tipo_cod: 0,
    sw_activo: true,
    faqpack_response: [],
  }));

  endpointRoute(app, c.put, async (request) => {
    const id = await repo.save(request.params.id, request.body, clock());
    if (id === null) throw notFound();
    return { message: FAQ_MESSAGES.saved, id_faqpack: id };
  });

  endpointRoute(app, c.remove, async (request) => {
    const id = request.params.id;
    if (id === 0 || !(await repo.remove(id))) throw notFound();
    return { message: FAQ_MESSAGES.deleted, id };
  });

  endpointRoute(app, c.removeResponse, async (request) => {
    const id = request.params.id;
    if (id === 0 || !(await repo.removeResponse(id, request.query.faqpack_id))) throw notFound();
    return { message: FAQ_MESSAGES.deleted, id };
  });
};
