import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OutboxListResponseSchema } from '@site/contracts';
import { listOutbox } from '../../../services/mail';
import { adminListRoute } from '../admin-list';

/** Mail kept instead of sent (no SMTP, no recipient, or failed delivery), for the admin inbox. */
const outbox: FastifyPluginAsyncTypebox = async (app) => {
  adminListRoute(app, '/', {
    tag: 'mail',
    summary: 'List the outbox, newest first (admin)',
    response: OutboxListResponseSchema,
    list: (page, perPage) => listOutbox(app.db, page, perPage),
  });
};

export default outbox;
