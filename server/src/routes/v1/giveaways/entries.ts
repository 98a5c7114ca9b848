import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EntryPayloadSchema, EntryResponseSchema, SuccessMessageSchema } from '@site/contracts';
import { ReceiptCheckPayloadSchema, ReceiptCheckResponseSchema } from '@site/contracts';
import {
  ConfirmEntryPayloadSchema,
  ConfirmEntryResponseSchema,
  ErrorResponseSchema,
} from '@site/contracts';
import { checkReceipt, mailReceiptAgain } from '../../../services/giveaways/draw-service';
import {
  confirmEntry,
  decoyEntry,
  mailConfirmationAgain,
  participate,
  settle,
} from '../../../services/giveaways/service';
import { mailOf, onGiveaway } from './shared';

/**
 * Entering a giveaway, confirming an entry, checking a receipt against the entry list, and mailing
 * a receipt or a confirmation link again.
 */
const entryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mail = mailOf(app);

  app.post(
    '/giveaway/:id/participate',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: onGiveaway(
        'Enter a giveaway (with "accept_rules": true); answers a receipt code',
        EntryResponseSchema,
        { body: EntryPayloadSchema },
      ),
    },
    async (request) => {
      const { id } = request.params;
      // Honeypot: only bots fill the hidden field. They get the same answer and nothing is stored.
      if (request.body.website) {
        request.log.info({ giveawayId: id }, 'giveaway entry honeypot triggered');
        return decoyEntry(request.body.rules_version);
      }
      return participate(app.db, id, request.body, { now: new Date(), mail });
    },
  );

  app.post(
    '/giveaway/:id/confirm',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: onGiveaway(
        'Confirm an entry with the token from the mailed link; it counts from then on (410 once expired)',
        ConfirmEntryResponseSchema,
        { body: ConfirmEntryPayloadSchema },
        { 410: ErrorResponseSchema },
      ),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmEntry(app.db, request.params.id, request.body.token, {
        now: new Date(),
        timeZone: mail.timeZone,
      });
    },
  );

  /**
   * A receipt code: mailed again to its entry's address, a new confirmation link mailed there, or
   * checked against the entry list.
   */
  const receiptRoutes = [
    {
      path: '/giveaway/:id/receipt/mail',
      summary: 'Mail the receipt again to the address the entry was made with',
      response: SuccessMessageSchema,
      answer: (id: number, receipt: string) => mailReceiptAgain(app.db, id, receipt, mail),
    },
    {
      path: '/giveaway/:id/receipt/confirmation',
      summary:
        'Mail a new confirmation link for an unconfirmed entry (the earlier link stops working; the deadline stays; 410 after it)',
      response: SuccessMessageSchema,
      more: { 410: ErrorResponseSchema, 503: ErrorResponseSchema },
      answer: async (id: number, receipt: string) => {
        await settle(app.db, id, mail.timeZone);
        return mailConfirmationAgain(app.db, id, receipt, { now: new Date(), mail });
      },
    },
    {
      path: '/giveaway/:id/receipt',
      summary: 'Was I in the draw? Checks a receipt code against the entry list',
      response: ReceiptCheckResponseSchema,
      answer: async (id: number, receipt: string) => {
        await settle(app.db, id, mail.timeZone);
        return checkReceipt(app.db, id, receipt);
      },
    },
  ];
  for (const route of receiptRoutes) {
    app.post(
      route.path,
      {
        config: { rateLimit: app.config.limits.participate },
        schema: onGiveaway(
          route.summary,
          route.response,
          { body: ReceiptCheckPayloadSchema },
          route.more,
        ),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return route.answer(request.params.id, request.body.receipt);
      },
    );
  }
};

export default entryRoutes;
