import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ClaimPayloadSchema,
  ClaimResponseSchema,
  DisqualifyWinnerPayloadSchema,
  ErrorResponseSchema,
  GiveawayVerificationSchema,
  PresenterDrawResponseSchema,
  PresenterSchema,
  RedrawPayloadSchema,
  SelectWinnerPayloadSchema,
  SelectWinnerResponseSchema,
  WinnerContactSchema,
  WinnerQuerySchema,
} from '@site/contracts';
import * as draws from '../../../services/giveaways/draw-service';
import { getPresenter } from '../../../services/giveaways/presenter';
import { settle } from '../../../services/giveaways/service';
import { actorOf, mailOf, noStore, onGiveaway } from './shared';

/**
 * The draw and what follows it: the first draw (from the desk or the presenter view), re-draws,
 * the winner's claim, and the public record that lets anyone check the draw.
 */
const drawRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mail = mailOf(app);
  const adminOnly = app.requireRole('admin');

  /** The first draw, by the published method, from the admin's desk or the presenter view. */
  const drawFirst = (request: FastifyRequest, id: number, externalValue: string | undefined) =>
    draws.selectWinner(app.db, id, externalValue, {
      actor: actorOf(request),
      now: new Date(),
      mail,
    });

  app.post(
    '/giveaway/:id/select-winner',
    {
      onRequest: adminOnly,
      schema: onGiveaway(
        'Draw the winner by the published method, revealing the seed (admin)',
        SelectWinnerResponseSchema,
        { body: SelectWinnerPayloadSchema },
      ),
    },
    async (request) =>
      (await drawFirst(request, request.params.id, request.body?.external_value)).answer,
  );

  app.post(
    '/giveaway/:id/present/draw',
    {
      onRequest: adminOnly,
      schema: onGiveaway(
        'Select Winner from the presenter view: the answer names no e-mail (admin)',
        PresenterDrawResponseSchema,
        { body: SelectWinnerPayloadSchema },
      ),
    },
    async (request) =>
      draws.presenterDrawAnswer(
        await drawFirst(request, request.params.id, request.body?.external_value),
      ),
  );

  /** Draws again, announced as a re-draw: at once after a disqualification, or after the deadline. */
  const drawsAgain = [
    {
      path: '/giveaway/:id/disqualify-winner',
      summary: 'Disqualify the current winner and draw again now, with a published reason (admin)',
      body: DisqualifyWinnerPayloadSchema,
      draw: draws.disqualifyWinner,
    },
    {
      path: '/giveaway/:id/redraw',
      summary: 'Draw again after the claim deadline passed without a claim (admin)',
      body: RedrawPayloadSchema,
      draw: draws.redraw,
    },
  ];
  for (const again of drawsAgain) {
    app.post(
      again.path,
      {
        onRequest: adminOnly,
        schema: onGiveaway(again.summary, SelectWinnerResponseSchema, { body: again.body }),
      },
      async (request) => {
        const { id } = request.params;
        const context = { actor: actorOf(request), now: new Date(), timeZone: mail.timeZone };
        const { reason, place } = request.body;
        const result = await again.draw(app.db, id, reason, { ...context, place });
        return draws.announceDraw(app.db, id, result, 'won the re-draw of', mail);
      },
    );
  }

  app.get(
    '/giveaway/:id/winner',
    {
      onRequest: adminOnly,
      schema: onGiveaway(
        'A place’s current winner (place 1 unless named): contact, claim status and delivery details (admin)',
        Type.Union([WinnerContactSchema, Type.Null()]),
        { querystring: WinnerQuerySchema },
      ),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return draws.winnerContact(app.db, request.params.id, new Date(), request.query.place);
    },
  );

  app.get(
    '/giveaway/:id/present',
    {
      onRequest: adminOnly,
      schema: onGiveaway(
        'What the presenter view shows: handles or masked names, never an e-mail (admin)',
        PresenterSchema,
      ),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await settle(app.db, request.params.id, mail.timeZone);
      return getPresenter(app.db, request.params.id);
    },
  );

  app.post(
    '/giveaway/:id/claim',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: onGiveaway(
        'The winner claims the prize with the token from their e-mail',
        ClaimResponseSchema,
        { body: ClaimPayloadSchema },
        { 410: ErrorResponseSchema },
      ),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return draws.claimAndNotify(app.db, request.params.id, request.body, {
        now: new Date(),
        mail,
      });
    },
  );

  app.get(
    '/giveaway/:id/verification',
    {
      schema: onGiveaway(
        'Commitment, frozen list, revealed seed and every draw: all a visitor needs to check it',
        GiveawayVerificationSchema,
      ),
    },
    async (request, reply) => {
      noStore(reply);
      await settle(app.db, request.params.id, mail.timeZone);
      return draws.getVerification(app.db, request.params.id, new Date());
    },
  );

  app.get(
    '/giveaway/:id/frozen-entries.txt',
    {
      schema: onGiveaway(
        'The frozen entry list: one receipt hash per line; its SHA-256 is the fingerprint',
        Type.String({ description: 'text/plain: one SHA-256 hex per line' }),
      ),
    },
    async (request, reply) => {
      const text = await draws.frozenEntriesText(app.db, request.params.id, mail.timeZone);
      // Frozen means final: the file never changes, but a deleted giveaway must not linger in caches.
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(text);
    },
  );
};

export default drawRoutes;
