import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import {
  defaultFaqPacksResponse,
  deleteFaqResponseQuery,
  FAQ_MESSAGES,
  faqCodIdiomaQuery,
  faqDeletedResponse,
  faqIdParams,
  faqLanguageQuery,
  faqOfLanguageResponse,
  faqPack,
  faqPackByLanguageGridQuery,
  faqPackGridQuery,
  faqPackGridResponse,
  faqResponse,
  faqSavedResponse,
  putFaqPackBody,
} from '@portal/contract/faq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { FaqRepository } from './faq.repository.ts';

const tag = ['faq'];
const P = '/api/infaq';
const admin = { rank: RANK.admin } as const;

/**
 * FAQ packs (spec part 2 §7 "FAQ"; decision 0038). Admins edit every pack; signed-in users read the active packs;
 * anonymous callers read only the default public pack of a language (getdefaultfaqpack).
 */
export const faqRoutes: FastifyPluginAsyncZod<{ repo: FaqRepository; clock: () => Date }> = async (
  app,
  { repo, clock },
) => {
  const isAdmin = (request: Parameters<typeof callerOf>[0]) => callerOf(request).rank >= RANK.admin;

  app.get(`${P}/GetFaqPackJqGrid`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Every FAQ pack (jqGrid): Id_FaqPack, Idioma_Cod, Nombre, Descripcion, Tipo_Cod_Enum, SW_Activo',
      querystring: faqPackGridQuery,
      response: { 200: faqPackGridResponse, 400: errorBody },
    },
    handler: (request) => repo.grid(request.query),
  });

  app.get(`${P}/GetFaqPackByIdiomaJqGrid`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'The active FAQ packs of a language (jqGrid)',
      querystring: faqPackByLanguageGridQuery,
      response: { 200: faqPackGridResponse, 400: errorBody },
    },
    handler: (request) => repo.grid(request.query, request.query.cod_idioma),
  });

  app.get(`${P}/getfaq`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'Every active pack of a language with its questions and answers (the searchable FAQ)',
      querystring: faqCodIdiomaQuery,
      response: { 200: faqOfLanguageResponse },
    },
    handler: (request) => repo.activeOfLanguage(request.query.cod_idioma),
  });

  app.get(`${P}/getdefaultfaqpack`, {
    config: { auth: 'optional' },
    schema: {
      tags: tag,
      summary:
        'The default public pack of a language (anyone, also signed out), and the default private pack for a signed-in caller',
      querystring: faqLanguageQuery,
      response: { 200: defaultFaqPacksResponse, 401: errorBody },
    },
    handler: async (request) => {
      const signedIn = request.principal !== null;
      const [pub, priv] = await Promise.all([
        repo.defaultPack(request.query.lang, 2),
        signedIn ? repo.defaultPack(request.query.lang, 1) : Promise.resolve(null),
      ]);
      return { public: pub, private: priv };
    },
  });

  app.get(`${P}/getfaqpack/:id`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: 'A pack with its responses (an inactive one only for admins)',
      params: faqIdParams,
      response: { 200: faqPack, 404: errorBody },
    },
    handler: async (request) => {
      const pack = request.params.id === 0 ? null : await repo.pack(request.params.id, !isAdmin(request));
      if (!pack) throw notFound();
      return pack;
    },
  });

  app.get(`${P}/getfaqpackresponse/:id`, {
    config: { auth: 'user' },
    schema: {
      tags: tag,
      summary: "A pack's responses in order (id: faqpack_id; an inactive pack's only for admins)",
      params: faqIdParams,
      response: { 200: z.array(faqResponse), 404: errorBody },
    },
    handler: async (request) => {
      const responses = request.params.id === 0 ? null : await repo.responses(request.params.id, !isAdmin(request));
      if (!responses) throw notFound();
      return responses;
    },
  });

  app.get(`${P}/getnewfaqpack`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'An unsaved pack (id 0): normal, active, in the asked language, without responses',
      querystring: faqLanguageQuery,
      response: { 200: faqPack },
    },
    handler: async (request) => ({
      id_faqpack: 0,
      idioma_cod: request.query.lang,
      nombre: '',
      descripcion: '',
      tipo_cod: 0,
      sw_activo: true,
      faqpack_response: [],
    }),
  });

  app.post(`${P}/putfaqpack/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary:
        'Creates (id 0 or "new") or replaces a pack with its responses in order (answers sanitised; one default of each type per language)',
      params: faqIdParams,
      body: putFaqPackBody,
      response: { 200: faqSavedResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const id = await repo.save(request.params.id, request.body, clock());
      if (id === null) throw notFound();
      return { message: FAQ_MESSAGES.saved, id_faqpack: id };
    },
  });

  app.delete(`${P}/deletefaqpack/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Deletes a pack and its responses (the web asks WARN_DeleteFAQPack first)',
      params: faqIdParams,
      response: { 200: faqDeletedResponse, 404: errorBody },
    },
    handler: async (request) => {
      const id = request.params.id;
      if (id === 0 || !(await repo.remove(id))) throw notFound();
      return { message: FAQ_MESSAGES.deleted, id };
    },
  });

  app.delete(`${P}/deletefaqpackresponse/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Deletes one response of a pack (faqpack_id); the web asks WARN_DeleteResponse first',
      params: faqIdParams,
      querystring: deleteFaqResponseQuery,
      response: { 200: faqDeletedResponse, 404: errorBody },
    },
    handler: async (request) => {
      const id = request.params.id;
      if (id === 0 || !(await repo.removeResponse(id, request.query.faqpack_id))) throw notFound();
      return { message: FAQ_MESSAGES.deleted, id };
    },
  });
};
