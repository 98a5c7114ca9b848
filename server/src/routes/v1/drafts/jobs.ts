import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema, PublishJobListResponseSchema } from '@site/contracts';
import { listJobs } from '../../../services/publish/publish';

/** `GET /publish-jobs`: the latest publishes and their rebuilds, newest first (admin, editor). */
const publishJobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['drafts'],
        summary: 'The 20 latest publish jobs with status and log tail (admin, editor)',
        response: {
          200: PublishJobListResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
      onRequest: app.requireRole('admin', 'editor'),
    },
    async () => ({ items: await listJobs(app.db) }),
  );
};

export default publishJobRoutes;
