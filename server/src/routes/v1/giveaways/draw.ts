import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ClaimPayloadSchema,
  ClaimResponseSchema,
  ClaimLinkPayloadSchema,
  ClaimLinkStateSchema,
  DisqualifyWinnerPayloadSchema,
  ErrorResponseSchema,
  GiveawayVerificationSchema,
  PresenterDrawResponseSchema,
  PresenterSchema,
  type RedrawPayload,
  RedrawPayloadSchema,
  SelectWinnerPayloadSchema,
  SelectWinnerResponseSchema,
  WinnerContactSchema,
  WinnerQuerySchema,
} from '@site/contracts';
import { claimAndNotify, claimStatus, winnerContact } from '../../../services/giveaways/claims';
import { announceDraw, tellDisqualifiedWinner } from '../../../services/giveaways/draw-announce';
import { disqualifyWinner, redraw, selectWinner } from '../../../services/giveaways/drawing';
import { getPresenter, presenterDrawAnswer } from '../../../services/giveaways/presenter';
import { frozenEntriesText, getVerification } from '../../../services/giveaways/verification';
import { settle } from '../../../services/giveaways/listing';
import { todayIn } from '../../../lib/dates';
import { actorOf, adminReads, giveawayRoutes, mailOf, noStore, onGiveaway } from './shared';

/**
 * The draw and what follows it: the first draw (from the desk or the presenter view), re-draws,
 * the winner's claim, and the public record that lets anyone check the draw.
 */
const drawRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mail = mailOf(app);
  const { admin, visitor } = giveawayRoutes(app);

  /** The first draw, by the published method, from the admin's desk or the presenter view. */
  const drawFirst = (
    request: FastifyRequest,
    id: number,
    payload: { external_value?: string; close_now?: boolean } | undefined,
  ) =>
    selectWinner(app.db, id, payload ?? {}, {
      actor: actorOf(request),
      now: new Date(),
      mail,
    });

  app.post(
    '/giveaway/:id/select-winner',
    admin(
      'Draw the winner by the published method, revealing the seed; while entries are open only with close_now (admin)',
      SelectWinnerResponseSchema,
      { body: SelectWinnerPayloadSchema },
    ),
    async (request) => (await drawFirst(request, request.params.id, request.body)).answer,
  );

  app.post(
    '/giveaway/:id/present/draw',
    admin(
      'Select Winner from the presenter view: the answer names no e-mail (admin)',
      PresenterDrawResponseSchema,
      { body: SelectWinnerPayloadSchema },
    ),
    async (request) =>
      presenterDrawAnswer(await drawFirst(request, request.params.id, request.body)),
  );

  /** Draws again, announced as a re-draw: at once after a disqualification, or after the deadline. */
  const drawsAgain = [
    {
      path: '/giveaway/:id/disqualify-winner',
      summary: 'Disqualify the current winner and draw again now, with a published reason (admin)',
      body: DisqualifyWinnerPayloadSchema,
      draw: disqualifyWinner,
    },
    {
      path: '/giveaway/:id/redraw',
      summary: 'Draw again after the claim deadline passed without a claim (admin)',
      body: RedrawPayloadSchema,
      draw: redraw,
    },
  ];
  for (const again of drawsAgain) {
    const drawAgain = async (request: FastifyRequest, id: number, body: RedrawPayload) => {
      const context = { actor: actorOf(request), now: new Date(), timeZone: mail.timeZone };
      const result = await again.draw(app.db, id, body.reason, { ...context, place: body.place });
      // The disqualified winner hears it from us, not first from a claim link that fails.
      if (again.draw === disqualifyWinner) await tellDisqualifiedWinner(app.db, id, result, mail);
      const answer = await announceDraw(app.db, id, result, 'won the re-draw of', mail);
      return { results: [result], answer };
    };
    app.post(
      again.path,
      admin(again.summary, SelectWinnerResponseSchema, { body: again.body }),
      async (request) => (await drawAgain(request, request.params.id, request.body)).answer,
    );
    // The same re-draw from the presenter view: the answer names no e-mail.
    app.post(
      again.path.replace('/giveaway/:id/', '/giveaway/:id/present/'),
      admin(`${again.summary}, from the presenter view`, PresenterDrawResponseSchema, {
        body: again.body,
      }),
      async (request) =>
        presenterDrawAnswer(await drawAgain(request, request.params.id, request.body)),
    );
  }

  app.get(
    '/giveaway/:id/winner',
    admin(
      'A place’s current winner (place 1 unless named): contact, claim status and delivery details (admin)',
      Type.Union([WinnerContactSchema, Type.Null()]),
      { querystring: WinnerQuerySchema },
    ),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return winnerContact(app.db, request.params.id, new Date(), request.query.place);
    },
  );

  adminReads(app, [
    {
      path: '/giveaway/:id/present',
      summary: 'What the presenter view shows: handles or masked names, never an e-mail (admin)',
      response: PresenterSchema,
      read: async (id) => {
        await settle(app.db, id, mail.timeZone);
        return getPresenter(app.db, id, todayIn(mail.timeZone));
      },
    },
  ]);

  app.post(
    '/giveaway/:id/claim',
    visitor(
      'The winner claims the prize with the token from their e-mail',
      ClaimResponseSchema,
      { body: ClaimPayloadSchema },
      { 410: ErrorResponseSchema },
    ),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return claimAndNotify(app.db, request.params.id, request.body, {
        now: new Date(),
        mail,
      });
    },
  );

  app.post(
    '/giveaway/:id/claim/status',
    visitor(
      'What a claim link stands for now (open with its deadline, claimed, expired, drawn again, disqualified), before anything is typed',
      ClaimLinkStateSchema,
      { body: ClaimLinkPayloadSchema },
    ),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await settle(app.db, request.params.id, mail.timeZone);
      return claimStatus(app.db, request.params.id, request.body.token, {
        now: new Date(),
        timeZone: mail.timeZone,
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
      return getVerification(app.db, request.params.id, new Date());
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
      const text = await frozenEntriesText(app.db, request.params.id, mail.timeZone);
      // Frozen means final: the file never changes, but a deleted giveaway must not linger in caches.
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(text);
    },
  );
};

export default drawRoutes;
