import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, HealthResponseSchema } from '@site/contracts';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ detail: 'The database is not reachable.' });
      }
      return { status: 'ok' as const };
    },
  );
};

export default health;
