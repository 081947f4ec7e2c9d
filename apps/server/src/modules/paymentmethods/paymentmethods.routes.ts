import { paymentMethodCalls as c, PAYMENT_METHODS_MESSAGES } from '@portal/contract/paymentmethods';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { notFound, RuleViolations } from '../../plugins/errors.ts';
import type { PaymentMethodsRepository } from './paymentmethods.repository.ts';

/**
 * Payment methods (spec part 2 §7 "Payment methods"; decision 0042): admins only. The calls are declared in the
 * contract (`paymentMethodCalls`; issue 24) and registered from their declarations.
 */
export const paymentMethodsRoutes: FastifyPluginAsync<{ repo: PaymentMethodsRepository }> = async (app, { repo }) => {
  endpointRoute(app, c.grid, async (request) => repo.grid(request.query));

  endpointRoute(app, c.method, async (request) => {
    const found = await repo.get(request.params.id);
    if (!found) throw notFound();
    return found;
  });

  endpointRoute(app, c.put, async (request) => {
    const data = request.body;
    if (data.Id_Tarjeta === 0 && data.c_id && !(await repo.clientExists(data.c_id))) {
      throw new RuleViolations([{ path: 'c_id', message: PAYMENT_METHODS_MESSAGES.clientUnknown }]);
    }
    const id = await repo.save(data);
    if (id === null) throw notFound();
    return { message: PAYMENT_METHODS_MESSAGES.saved, Id_Tarjeta: id };
  });
};
