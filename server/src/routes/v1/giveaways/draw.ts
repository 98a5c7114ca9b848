import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ClaimPayloadSchema,
  ClaimResponseSchema,
  DisqualifyWinnerPayloadSchema,
  ErrorResponseSchema,
  GiveawayIdParamsSchema,
  GiveawayVerificationSchema,
  PresenterDrawResponseSchema,
  PresenterSchema,
  RedrawPayloadSchema,
  SelectWinnerPayloadSchema,
  SelectWinnerResponseSchema,
  WinnerContactSchema,
} from '@site/contracts';
import { frozenListText } from '../../../services/giveaways/draw';
import * as draws from '../../../services/giveaways/draw-service';
import { getPresenter } from '../../../services/giveaways/presenter';
import { settle } from '../../../services/giveaways/service';
import { actorOf, errors, mailOf, noStore, onGiveaway } from './shared';

/**
 * The draw and what follows it: the first draw (from the desk or the presenter view), re-draws,
 * the winner's claim, and the public record that lets anyone check the draw.
 */
const drawRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = app.requireRole('admin');
  const mail = mailOf(app);

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
    async (request) => {
      const drawn = await draws.selectWinner(
        app.db,
        request.params.id,
        request.body?.external_value,
        { actor: actorOf(request), now: new Date(), mail },
      );
      return drawn.answer;
    },
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
    async (request) => {
      const drawn = await draws.selectWinner(
        app.db,
        request.params.id,
        request.body?.external_value,
        { actor: actorOf(request), now: new Date(), mail },
      );
      return draws.presenterDrawAnswer(drawn);
    },
  );

  app.post(
    '/giveaway/:id/disqualify-winner',
    {
      onRequest: adminOnly,
      schema: onGiveaway(
        'Disqualify the current winner and draw again now, with a published reason (admin)',
        SelectWinnerResponseSchema,
        { body: DisqualifyWinnerPayloadSchema },
      ),
    },
    async (request) => {
      const { id } = request.params;
      const context = { actor: actorOf(request), now: new Date() };
      const result = await draws.disqualifyWinner(app.db, id, request.body.reason, context);
      return draws.announceDraw(app.db, id, result, 'won the re-draw of', mail);
    },
  );

  app.post(
    '/giveaway/:id/redraw',
    {
      onRequest: adminOnly,
      schema: onGiveaway(
        'Draw again after the claim deadline passed without a claim (admin)',
        SelectWinnerResponseSchema,
        { body: RedrawPayloadSchema },
      ),
    },
    async (request) => {
      const { id } = request.params;
      const context = { actor: actorOf(request), now: new Date(), timeZone: mail.timeZone };
      const result = await draws.redraw(app.db, id, request.body.reason, context);
      return draws.announceDraw(app.db, id, result, 'won the re-draw of', mail);
    },
  );

  app.get(
    '/giveaway/:id/winner',
    {
      onRequest: adminOnly,
      schema: onGiveaway(
        'The current winner’s contact, claim status and delivery details (admin)',
        Type.Union([WinnerContactSchema, Type.Null()]),
      ),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return draws.winnerContact(app.db, request.params.id, new Date());
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
      schema: {
        tags: ['giveaways'],
        summary: 'The winner claims the prize with the token from their e-mail',
        params: GiveawayIdParamsSchema,
        body: ClaimPayloadSchema,
        response: { 200: ClaimResponseSchema, 410: ErrorResponseSchema, ...errors },
      },
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
      await settle(app.db, request.params.id, mail.timeZone);
      const hashes = await draws.frozenHashes(app.db, request.params.id);
      // Frozen means final: the file never changes, but a deleted giveaway must not linger in caches.
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(frozenListText(hashes));
    },
  );
};

export default drawRoutes;
