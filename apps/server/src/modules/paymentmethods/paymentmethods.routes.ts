import { RANK } from '@portal/contract/constants';
import { errorBody } from '@portal/contract/errors';
import { gridQuery, gridResponse } from '@portal/contract/grids';
import {
  idParams,
  paymentMethod,
  putPaymentMethodBody,
  putPaymentMethodResponse,
  RULES_MESSAGES,
} from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, RuleViolations } from '../../plugins/errors.ts';
import type { PaymentMethodsRepository } from './paymentmethods.repository.ts';

const tag = ['paymentmethods'];
const P = '/api/inpaymentmethod';
const admin = { rank: RANK.admin } as const;

/** Payment methods (spec part 2 §7 "Payment methods"; decision 0042): admins only. */
export const paymentMethodsRoutes: FastifyPluginAsyncZod<{ repo: PaymentMethodsRepository }> = async (
  app,
  { repo },
) => {
  app.get(`${P}/GetPaymentMethodJqGrid`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'The payment methods as a jqGrid page (default sort: name ascending)',
      querystring: gridQuery,
      response: { 200: gridResponse(paymentMethod), 400: errorBody },
    },
    handler: async (request) => repo.grid(request.query),
  });

  app.get(`${P}/getpaymentmethod/:id`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary: 'One payment method with its calculation type and percentage',
      params: idParams,
      response: { 200: paymentMethod, 404: errorBody },
    },
    handler: async (request) => {
      const found = await repo.get(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  });

  app.post(`${P}/putpaymentmethod`, {
    config: { auth: admin },
    schema: {
      tags: tag,
      summary:
        'Creates (Id_Tarjeta 0; c_id: offered to that client only, otherwise to every client) or changes a method. ' +
        'Checkouts already prepared or paid keep the method as it was.',
      body: putPaymentMethodBody,
      response: { 200: putPaymentMethodResponse, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const data = request.body;
      if (data.Id_Tarjeta === 0 && data.c_id && !(await repo.clientExists(data.c_id))) {
        throw new RuleViolations([{ path: 'c_id', message: RULES_MESSAGES.clientUnknown }]);
      }
      const id = await repo.save(data);
      if (id === null) throw notFound();
      return { message: RULES_MESSAGES.saved, Id_Tarjeta: id };
    },
  });
};
