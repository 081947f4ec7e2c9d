import { MAIL_MESSAGES, mailCalls } from '@portal/contract/mail';
import type { FastifyPluginAsync } from 'fastify';
import type { MailOutbox } from '../../db/mail-outbox.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { notFound } from '../../plugins/errors.ts';
import type { MailRepository } from './mail.repository.ts';

/**
 * The mails not sent yet, and "send again" for a dead one (admins; issue 22, decision 0053), registered from their
 * declarations in the contract (`mailCalls`; issue 24).
 */
export const mailRoutes: FastifyPluginAsync<{ repo: MailRepository; outbox: MailOutbox }> = async (
  app,
  { repo, outbox },
) => {
  endpointRoute(app, mailCalls.outboxGrid, (request) => repo.outboxGrid(request.query));

  endpointRoute(app, mailCalls.resend, async (request) => {
    if (!(await outbox.resend(request.params.id))) throw notFound();
    outbox.kick();
    return { message: MAIL_MESSAGES.resent };
  });
};
