import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import deskRoutes from './desk';
import drawRoutes from './draw';
import entryRoutes from './entries';
import handleReportRoutes from './handle-reports';
import publicRoutes from './public';

/**
 * Giveaways, entries and the draw, by sub-resource: public reads and entering are open to anyone;
 * the draw (but the claim and the public record) and the desk are admin-only.
 */
const giveawayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(publicRoutes);
  await app.register(entryRoutes);
  await app.register(drawRoutes);
  await app.register(deskRoutes);
  await app.register(handleReportRoutes);
};

export default giveawayRoutes;
