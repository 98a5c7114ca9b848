import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  NewsletterConfirmQuerySchema,
  NewsletterMessageResponseSchema,
  NewsletterOneClickBodySchema,
  NewsletterOneClickQuerySchema,
  NewsletterSubscribeRequestSchema,
  NewsletterSubscriberListResponseSchema,
  NewsletterUnsubscribeRequestSchema,
} from '@site/contracts';
import { badRequest } from '../../../lib/http-error';
import { ownOrigins } from '../../../lib/request-origin';
import {
  ExpiredUnsubscribeLinkError,
  InvalidTokenError,
  SUBSCRIBE_ANSWER,
  UNSUBSCRIBE_ANSWER,
  UNSUBSCRIBE_LINK_ANSWER,
  type NewsletterContext,
  confirm,
  confirmedCsv,
  listConfirmed,
  requestUnsubscribeLink,
  subscribe,
  unsubscribe,
} from '../../../services/newsletter/subscriptions';
import { adminListRoute } from '../admin-list';

const errors = { 400: ErrorResponseSchema, 429: ErrorResponseSchema };
const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * The site page a subscription came from, as the browser reports it: the Referer's path when it
 * is one of this site's pages (the site sends Referer to itself only), else `api`.
 */
function consentSource(request: FastifyRequest, publicUrl: string): string {
  const referer = request.headers.referer;
  if (!referer) return 'api';
  try {
    const url = new URL(referer);
    return ownOrigins(request, publicUrl).includes(url.origin) ? url.pathname.slice(0, 300) : 'api';
  } catch {
    return 'api';
  }
}

const newsletter: FastifyPluginAsyncTypebox = async (app) => {
  const ctx: NewsletterContext = {
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    tokenTtlHours: app.config.newsletterTokenTtlHours,
    unsubscribeDays: app.config.newsletterUnsubscribeDays,
  };
  const days = ctx.unsubscribeDays;
  /** Unsubscribes by token; a link past its time is a 400 that says what to do instead. */
  async function unsubscribeByToken(token: string): Promise<{ message: string }> {
    try {
      await unsubscribe(app.db, token, days);
    } catch (error) {
      if (!(error instanceof ExpiredUnsubscribeLinkError)) throw error;
      throw badRequest(
        `This unsubscribe link has expired: links work for ${days} days after the mail that carried them. Enter your address on the unsubscribe page and we will mail you a fresh link.`,
      );
    }
    return { message: UNSUBSCRIBE_ANSWER };
  }
  const rateLimit = app.config.limits.newsletter;

  app.post(
    '/subscribe',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Ask to subscribe; a confirmation e-mail follows (double opt-in)',
        body: NewsletterSubscribeRequestSchema,
        response: { 200: NewsletterMessageResponseSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => {
      await subscribe(ctx, {
        email: request.body.email,
        source: consentSource(request, app.config.publicUrl),
      });
      return { message: SUBSCRIBE_ANSWER };
    },
  );

  app.get(
    '/confirm',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a subscription with the token from the confirmation e-mail',
        querystring: NewsletterConfirmQuerySchema,
        response: { 200: NewsletterMessageResponseSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => {
      try {
        const outcome = await confirm(ctx, request.query.token);
        return {
          message:
            outcome === 'confirmed'
              ? "You're now subscribed to our newsletter. Welcome aboard!"
              : 'Your subscription is already confirmed.',
        };
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          throw badRequest(
            'This confirmation link is invalid or has expired. Please subscribe again to get a new one.',
          );
        }
        throw error;
      }
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['newsletter'],
        summary:
          'Unsubscribe with the token from a newsletter e-mail, or have a link mailed to an address',
        body: NewsletterUnsubscribeRequestSchema,
        response: { 200: NewsletterMessageResponseSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { email, token } = request.body;
      if ((email === undefined) === (token === undefined))
        throw badRequest('Send either an email or a token, not both.');
      if (email !== undefined) {
        await requestUnsubscribeLink(ctx, email);
        return { message: UNSUBSCRIBE_LINK_ANSWER };
      }
      return unsubscribeByToken(token as string);
    },
  );

  app.post(
    '/unsubscribe/one-click',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post)',
        consumes: ['application/x-www-form-urlencoded'],
        querystring: NewsletterOneClickQuerySchema,
        body: NewsletterOneClickBodySchema,
        response: { 200: NewsletterMessageResponseSchema, ...errors },
      },
      config: { rateLimit },
    },
    async (request) => {
      return unsubscribeByToken(request.query.token);
    },
  );

  adminListRoute(app, '/subscribers', {
    tag: 'newsletter',
    summary: 'Confirmed subscribers, newest first (admin)',
    response: NewsletterSubscriberListResponseSchema,
    list: (page, perPage) => listConfirmed(app.db, page, perPage),
  });

  app.get(
    '/subscribers.csv',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Confirmed subscribers as CSV (admin)',
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV with a header row' }), ...adminErrors },
      },
      onRequest: app.requireRole('admin'),
    },
    async (_request, reply) => {
      const csv = await confirmedCsv(app.db);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default newsletter;
