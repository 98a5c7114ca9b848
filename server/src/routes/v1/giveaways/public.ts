import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GiveawayListSchema,
  GiveawayRulesSchema,
  GiveawaySchema,
  RulesQuerySchema,
} from '@site/contracts';
import { getRules } from '../../../services/giveaways/rules-store';
import {
  listGiveaways,
  presentGiveaway,
  presentGiveaways,
} from '../../../services/giveaways/listing';
import { errors } from '../errors';
import { noStore, onGiveaway, viewerIsAdmin } from './shared';

/** What anyone may read: the list, one giveaway and its official rules. */
const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const timeZone = app.config.siteTimezone;

  app.get(
    '/giveaway',
    {
      schema: {
        tags: ['giveaways'],
        summary: 'All giveaways, newest first',
        response: { 200: GiveawayListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await viewerIsAdmin(app, request);
      noStore(reply);
      // Archived giveaways are hidden from the public list; admins still see (and can restore) them.
      const load = () => listGiveaways(app.db, { includeArchived: admin });
      return presentGiveaways(app.db, await load(), { admin, timeZone }, load);
    },
  );

  app.get(
    '/giveaway/:id',
    {
      schema: onGiveaway('One giveaway (an admin token adds the winner e-mail)', GiveawaySchema),
    },
    async (request, reply) => {
      const admin = await viewerIsAdmin(app, request);
      noStore(reply);
      // With its social card, drawn here the first time for a giveaway saved before cards were.
      return app.giveawayCards.withCard(
        await presentGiveaway(app.db, request.params.id, { admin, timeZone }),
      );
    },
  );

  app.get(
    '/giveaway/:id/rules',
    {
      schema: onGiveaway(
        'The official rules (the current version, or ?version=N)',
        GiveawayRulesSchema,
        { querystring: RulesQuerySchema },
      ),
    },
    async (request, reply) => {
      noStore(reply);
      return getRules(app.db, request.params.id, request.query.version);
    },
  );
};

export default publicRoutes;
