import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EntryPayloadSchema,
  EntryResponseSchema,
  GiveawayIdParamsSchema,
  ReceiptCheckPayloadSchema,
  ReceiptCheckResponseSchema,
  SuccessMessageSchema,
} from '@site/contracts';
import * as draws from '../../../services/giveaways/draw-service';
import * as giveaways from '../../../services/giveaways/service';
import { errors, mailOf } from './shared';

/** Entering a giveaway, checking a receipt against the entry list, and mailing a receipt again. */
const entryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mail = mailOf(app);

  app.post(
    '/giveaway/:id/participate',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: {
        tags: ['giveaways'],
        summary: 'Enter a giveaway (with "accept_rules": true); answers a receipt code',
        params: GiveawayIdParamsSchema,
        body: EntryPayloadSchema,
        response: { 200: EntryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Honeypot: only bots fill the hidden field. They get the same answer and nothing is stored.
      if (request.body.website) {
        request.log.info({ giveawayId: id }, 'giveaway entry honeypot triggered');
        return giveaways.decoyEntry(request.body.rules_version);
      }
      return giveaways.participate(app.db, id, request.body, { now: new Date(), mail });
    },
  );

  app.post(
    '/giveaway/:id/receipt/mail',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: {
        tags: ['giveaways'],
        summary: 'Mail the receipt again to the address the entry was made with',
        params: GiveawayIdParamsSchema,
        body: ReceiptCheckPayloadSchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return draws.mailReceiptAgain(app.db, request.params.id, request.body.receipt, mail);
    },
  );

  app.post(
    '/giveaway/:id/receipt',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: {
        tags: ['giveaways'],
        summary: 'Was I in the draw? Checks a receipt code against the entry list',
        params: GiveawayIdParamsSchema,
        body: ReceiptCheckPayloadSchema,
        response: { 200: ReceiptCheckResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await giveaways.settle(app.db, request.params.id, mail.timeZone);
      return draws.checkReceipt(app.db, request.params.id, request.body.receipt);
    },
  );
};

export default entryRoutes;
