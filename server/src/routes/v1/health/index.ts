import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  HealthResponseSchema,
  ReadinessResponseSchema,
  type ReadinessResponse,
} from '@site/contracts';
import { pingDatabase } from '../../../services/health';

/** A readiness probe never waits longer than this for one dependency. */
const PROBE_TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

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
        await pingDatabase(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ detail: 'The database is not reachable.' });
      }
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database, and Redis when configured, answer',
        description:
          'For load balancers and proxies: 200 while this process can serve requests, 503 (with the same fields and a detail) while the database or the configured Redis does not answer.',
        response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const answer: ReadinessResponse = {
        status: 'ready',
        database: 'ok',
        redis: 'not configured',
      };
      try {
        await within(pingDatabase(app.db), PROBE_TIMEOUT_MS);
      } catch (error) {
        app.log.error({ err: error }, 'readiness: database unreachable');
        answer.database = 'unreachable';
      }
      if (app.redis) {
        try {
          await within(app.redis.ping(), PROBE_TIMEOUT_MS);
          answer.redis = 'ok';
        } catch (error) {
          app.log.error({ err: error }, 'readiness: Redis unreachable');
          answer.redis = 'unreachable';
        }
      }
      const down = [
        ...(answer.database === 'unreachable' ? ['the database'] : []),
        ...(answer.redis === 'unreachable' ? ['Redis'] : []),
      ];
      if (down.length === 0) return answer;
      answer.status = 'not ready';
      answer.detail = `Not ready: ${down.join(' and ')} did not answer.`;
      return reply.code(503).send(answer);
    },
  );
};

export default health;
