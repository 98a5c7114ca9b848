import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EntryPayloadSchema, EntryResponseSchema, SuccessMessageSchema } from '@site/contracts';
import { ReceiptCheckPayloadSchema, ReceiptCheckResponseSchema } from '@site/contracts';
import {
  ConfirmEntryPayloadSchema,
  ConfirmEntryResponseSchema,
  ErrorResponseSchema,
} from '@site/contracts';
import { checkReceipt, mailReceiptAgain } from '../../../services/giveaways/receipts';
import { decoyEntry, participate } from '../../../services/giveaways/entries';
import { confirmEntry, mailConfirmationAgain } from '../../../services/giveaways/confirmations';
import { settle } from '../../../services/giveaways/listing';
import { unsubscribeFromResults } from '../../../services/giveaways/results-mail';
import { giveawayRoutes, mailOf, signalsOf } from './shared';

/**
 * Entering a giveaway, confirming an entry, checking a receipt against the entry list, and mailing
 * a receipt or a confirmation link again.
 */
const entryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mail = mailOf(app);
  const signals = signalsOf(app);
  const { visitor } = giveawayRoutes(app);

  app.post(
    '/giveaway/:id/participate',
    visitor(
      'Enter a giveaway (with "accept_rules": true); answers a receipt code',
      EntryResponseSchema,
      { body: EntryPayloadSchema },
    ),
    async (request) => {
      const { id } = request.params;
      // Honeypot: only bots fill the hidden field. They get the same answer and nothing is stored.
      if (request.body.website) {
        request.log.info({ giveawayId: id }, 'giveaway entry honeypot triggered');
        return decoyEntry(request.body.rules_version);
      }
      return participate(app.db, id, request.body, {
        dialect: app.dialect,
        now: new Date(),
        mail,
        signals: signals(request, id),
      });
    },
  );

  /*
   * The results mail's unsubscribe link: the link opens a page with one button (a mail scanner
   * that follows links unsubscribes nobody), whose form withdraws the mailbox's consent.
   */
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6"><h1>${title}</h1>${body}</body></html>`;
  const escapeAttr = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const TokenQuery = Type.Object({ token: Type.String({ maxLength: 200 }) });
  app.get(
    '/giveaway-results/unsubscribe',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: {
        tags: ['giveaways'],
        summary: 'The results mail unsubscribe page',
        querystring: TokenQuery,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return page(
        'Stop giveaway results mails',
        `<p>Press the button to stop results mails to this address, for every giveaway you entered.</p><form method="post" action="unsubscribe"><input type="hidden" name="token" value="${escapeAttr(request.query.token)}"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );
  app.post(
    '/giveaway-results/unsubscribe',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: {
        tags: ['giveaways'],
        summary: 'Withdraw the consent to results mails of the mailbox a results mail went to',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: TokenQuery,
      },
    },
    async (request, reply) => {
      const done = await unsubscribeFromResults(app.db, request.body.token);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!done) {
        reply.code(404);
        return page(
          'Link not known',
          '<p>This unsubscribe link is not known. Open it exactly as it was mailed.</p>',
        );
      }
      return page('Unsubscribed', '<p>No more giveaway results mails will go to this address.</p>');
    },
  );

  app.post(
    '/giveaway/:id/confirm',
    visitor(
      'Confirm an entry with the token from the mailed link; it counts from then on (410 once expired)',
      ConfirmEntryResponseSchema,
      { body: ConfirmEntryPayloadSchema },
      { 410: ErrorResponseSchema },
    ),
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
      visitor(route.summary, route.response, { body: ReceiptCheckPayloadSchema }, route.more),
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return route.answer(request.params.id, request.body.receipt);
      },
    );
  }
};

export default entryRoutes;
