import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, OutboxListResponseSchema, PageQuerySchema } from '@site/contracts';
import { listOutbox } from '../../../services/mail';
import { pageParams } from '../../../lib/pagination';

/** Mail kept instead of sent (no SMTP, no recipient, or failed delivery), for the admin inbox. */
const outbox: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['mail'],
        summary: 'List the outbox, newest first (admin)',
        querystring: PageQuerySchema,
        response: {
          200: OutboxListResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
      onRequest: app.requireRole('admin'),
    },
    async (request) => {
      const { page, perPage } = pageParams(request.query);
      return listOutbox(app.db, page, perPage);
    },
  );
};

export default outbox;
