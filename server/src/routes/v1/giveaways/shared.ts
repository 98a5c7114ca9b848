import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import { GiveawayIdParamsSchema } from '@site/contracts';
import { countingSecret, keyedDigest } from '../../../lib/client-key';
import { entrySignals } from '../../../services/giveaways/flags';
import type { GiveawayMailer } from '../../../services/giveaways/mails';
import type { EntrySignals } from '../../../services/giveaways/entry-record';
import { errors } from '../errors';

/**
 * The schema of a route on one giveaway (`/giveaway/:id…`, or one entrant): its summary, what a
 * 200 answers, the body or query it takes, and any answers beyond the usual errors.
 */
export function onGiveaway<
  Ok extends TSchema,
  Extra extends object = object,
  More extends object = object,
>(summary: string, ok: Ok, extra?: Extra, more?: More) {
  return {
    tags: ['giveaways'],
    summary,
    params: GiveawayIdParamsSchema,
    ...(extra as Extra),
    response: { 200: ok, ...(more as More), ...errors },
  };
}

/**
 * The options of routes on one giveaway, schema as `onGiveaway` builds it: `admin` for the
 * owner's routes (admin role required), `visitor` for what anyone may do (limited like entering);
 * `adminOnly` is the guard itself, for a route with a schema of its own.
 */
export function giveawayRoutes(app: FastifyInstance) {
  const adminOnly = app.requireRole('admin');
  return {
    adminOnly,
    admin: <Ok extends TSchema, Extra extends object = object, More extends object = object>(
      summary: string,
      ok: Ok,
      extra?: Extra,
      more?: More,
    ) => ({ onRequest: adminOnly, schema: onGiveaway(summary, ok, extra, more) }),
    visitor: <Ok extends TSchema, Extra extends object = object, More extends object = object>(
      summary: string,
      ok: Ok,
      extra?: Extra,
      more?: More,
    ) => ({
      config: { rateLimit: app.config.limits.participate },
      schema: onGiveaway(summary, ok, extra, more),
    }),
  };
}

/** An admin's read of one giveaway or entrant: GET `path` (its `:id`), answered by `read`. */
export interface AdminRead {
  path: string;
  summary: string;
  response: TSchema;
  read: (id: number) => Promise<unknown>;
}

/**
 * Registers admin reads on `app`. Their answers are never kept in a cache: what admins read names
 * entrants and admins.
 */
export function adminReads(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  reads: readonly AdminRead[],
) {
  const { admin } = giveawayRoutes(app);
  for (const route of reads) {
    app.get(route.path, admin(route.summary, route.response), async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return route.read(request.params.id);
    });
  }
}

/** The admin who is making this request (requireRole has run). */
export function actorOf(request: FastifyRequest) {
  const user = request.user as NonNullable<typeof request.user>;
  return { id: user.id, username: user.username };
}

/**
 * Public reads stay public with a stale or foreign session: a visitor's expired session must not
 * turn a giveaway page into a 401 (the site answers 401 by sending people to /login).
 */
export async function viewerIsAdmin(app: FastifyInstance, request: FastifyRequest) {
  return (await app.optionalUser(request))?.role === 'admin';
}

/** Counts and winners change by the minute, and the admin view differs from the public one. */
export const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('vary', 'authorization, cookie');

/** How the giveaway services reach people by mail on this server. */
export function mailOf(app: FastifyInstance): GiveawayMailer {
  return {
    mailer: app.mailer,
    smtp: Boolean(app.config.smtpUrl),
    publicUrl: app.config.publicUrl,
    ownerEmail: app.config.ownerEmail ?? null,
    timeZone: app.config.siteTimezone,
    log: app.log,
    limits: app.mailLimits,
  };
}

/**
 * The digests an entry keeps of the request's network and browser, for the desk's flags (the
 * address and the user agent themselves are never stored).
 */
export function signalsOf(app: FastifyInstance) {
  const digest = keyedDigest(countingSecret(app.config));
  return (request: FastifyRequest, giveawayId: number): EntrySignals =>
    entrySignals(digest, giveawayId, request.ip, request.headers['user-agent']);
}
