import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import {
  addStockMessageBody,
  addStockMessageConflict,
  addStockMessageResponse,
  deleteStockMessageResponse,
  idParams,
  RULES_MESSAGES,
  stockMessage,
  stockMessagesQuery,
  stockMessagesResponse,
  storeOptionsResponse,
  updateStockMessageBody,
  updateStockMessageConflict,
  updateStockMessageResponse,
} from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, RuleViolations } from '../../plugins/errors.ts';
import type { StockMessagesRepository } from './stock-messages.repository.ts';

const tag = ['stockmessages'];
const P = '/api/instockmessages';
const admin = { rank: RANK.admin } as const;

/** Stock messages between stores (spec part 2 §7 "Stock messages"; decision 0041): admins only. */
export const stockMessagesRoutes: FastifyPluginAsyncZod<{ repo: StockMessagesRepository }> = async (app, { repo }) => {
  /** Both stores must exist: an unknown one is a 400 naming the field. */
  async function checkStores(origen: string, destino: string) {
    const known = await repo.existingStores([origen, destino]);
    const issues = [
      ...(known.has(origen) ? [] : [{ path: 'origen', message: RULES_MESSAGES.storeUnknown }]),
      ...(known.has(destino) ? [] : [{ path: 'destino', message: RULES_MESSAGES.storeUnknown }]),
    ];
    if (issues.length) throw new RuleViolations(issues);
  }

  app.get(`${P}/getstockmessages`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'The stock messages, all or those of one store (ubicacion: as origin or destination)',
      querystring: stockMessagesQuery,
      response: { 200: stockMessagesResponse },
    },
    handler: async (request) => repo.list(request.query.ubicacion),
  });

  app.get(`${P}/getstockmessage/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'One stock message',
      params: idParams,
      response: { 200: stockMessage, 404: errorBody },
    },
    handler: async (request) => {
      const found = await repo.get(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  });

  app.post(`${P}/addnewmessage`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Adds an active message for a pair of stores: 1, or 409 WARN_MessageDuplicated when the pair has one',
      body: addStockMessageBody,
      response: { 200: addStockMessageResponse, 400: errorBody, 409: addStockMessageConflict },
    },
    handler: async (request, reply) => {
      const { origen, destino, mensaje } = request.body;
      await checkStores(origen, destino);
      const id = await repo.add(origen, destino, mensaje);
      if (id === null) {
        return reply.code(409).send({
          message: RULES_MESSAGES.duplicated,
          messagedetail: `${origen} -> ${destino}`,
          result: RULES_MESSAGES.duplicated,
        });
      }
      return { result: 1 as const, id };
    },
  });

  app.post(`${P}/updatemessage`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Changes a message, its stores and its active flag: 1, or 409 with result 0 when the pair is taken',
      body: updateStockMessageBody,
      response: { 200: updateStockMessageResponse, 400: errorBody, 404: errorBody, 409: updateStockMessageConflict },
    },
    handler: async (request, reply) => {
      const { id, origen, destino, mensaje, activo } = request.body;
      await checkStores(origen, destino);
      const outcome = await repo.update(id, { origin: origen, destination: destino, message: mensaje, active: activo });
      if (outcome === 'missing') throw notFound();
      if (outcome === 'duplicate') {
        return reply.code(409).send({
          message: RULES_MESSAGES.exists,
          title: RULES_MESSAGES.errorTitle,
          messagedetail: `${origen} -> ${destino}`,
          result: 0 as const,
        });
      }
      return { result: 1 as const };
    },
  });

  app.delete(`${P}/deletefromstockmessages/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Deletes a stock message (the screen asks for confirmation first)',
      params: idParams,
      response: { 200: deleteStockMessageResponse, 404: errorBody },
    },
    handler: async (request) => {
      if (!(await repo.remove(request.params.id))) throw notFound();
      return { message: RULES_MESSAGES.deleted, id: request.params.id };
    },
  });

  app.get(`${P}/getubicaciones`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'Every store (origin or destination options)',
      response: { 200: storeOptionsResponse },
    },
    handler: async () => repo.stores(),
  });

  app.get(`${P}/getreturninventlocations`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'The stores that receive returns (those with a returns e-mail, JUMRETURNMAIL)',
      response: { 200: storeOptionsResponse },
    },
    handler: async () => repo.returnStores(),
  });
};
