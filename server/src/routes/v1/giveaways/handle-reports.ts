import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  HandleReportHandledPayloadSchema,
  HandleReportListSchema,
  HandleReportPayloadSchema,
  SuccessMessageSchema,
} from '@site/contracts';
import {
  decoyReport,
  listHandleReports,
  reportHandle,
  setHandleReportHandled,
} from '../../../services/giveaways/handle-reports';
import { actorOf, adminReads, giveawayRoutes } from './shared';

/**
 * Reports of a taken Instagram handle: anyone can tell a giveaway's owner that an entry holds
 * their handle (limited like entering); the owner reads them on the desk and marks them handled.
 */
const handleReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { admin, visitor } = giveawayRoutes(app);

  app.post(
    '/giveaway/:id/handle-reports',
    visitor(
      'Tell the owner that an entry holds your Instagram handle (409 when no entry holds it)',
      SuccessMessageSchema,
      { body: HandleReportPayloadSchema },
    ),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { id } = request.params;
      // Honeypot: only bots fill the hidden field. They get the same answer and nothing is kept.
      if (request.body.website) {
        request.log.info({ giveawayId: id }, 'handle report honeypot triggered');
        return decoyReport(request.body);
      }
      return reportHandle(app.db, id, request.body, { now: new Date() });
    },
  );

  adminReads(app, [
    {
      path: '/giveaway/:id/handle-reports',
      summary:
        'Reports of a taken handle, newest first, with the entries holding each handle (admin)',
      response: HandleReportListSchema,
      read: (id) => listHandleReports(app.db, id),
    },
  ]);

  app.post(
    '/handle-report/:id/handled',
    admin('Mark a handle report handled, or open again (admin)', SuccessMessageSchema, {
      body: HandleReportHandledPayloadSchema,
    }),
    async (request) =>
      setHandleReportHandled(app.db, request.params.id, request.body.handled, {
        actor: actorOf(request),
        now: new Date(),
      }),
  );
};

export default handleReportRoutes;
