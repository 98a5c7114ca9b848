/*
 * The owner's desk (admin only): create, edit, delete and archive giveaways, open, pause and close
 * entries, disqualify entries before the freeze, and read the entrants and the change log.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ArchivePayloadSchema,
  DeleteGiveawayPayloadSchema,
  DisqualifyPayloadSchema,
  GiveawayChangeListSchema,
  GiveawaySchema,
  GiveawayWriteBodySchema,
  ParticipantListSchema,
  ParticipantSchema,
  ReinstatePayloadSchema,
  ResultsMailStateSchema,
  SendResultsResponseSchema,
  SuccessMessageSchema,
  ToggleParticipantsPayloadSchema,
} from '@site/contracts';
import { todayIn } from '../../../lib/dates';
import { deskAnswers } from '../../../services/giveaways/mapper';
import { settlePrizePicture } from '../../../services/giveaways/prize-picture';
import { resultsMailState, sendResultsMail } from '../../../services/giveaways/results-mail';
import { validateGiveawayInput } from '../../../services/giveaways/rules';
import {
  createGiveaway,
  deleteGiveaway,
  setArchived,
  updateGiveaway,
} from '../../../services/giveaways/giveaways';
import { getGiveaway, presentGiveaway } from '../../../services/giveaways/listing';
import { closeEntries, setAccepting } from '../../../services/giveaways/toggles';
import {
  disqualifyEntries,
  getEntrant,
  listEntrants,
  listGiveawayChanges,
  participantsCsv,
  reinstateEntries,
} from '../../../services/giveaways/desk';
import { errors } from '../errors';
import { actorOf, adminReads, giveawayRoutes } from './shared';

const deskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { admin, adminOnly } = giveawayRoutes(app);
  const timeZone = app.config.siteTimezone;
  const today = () => todayIn(timeZone);

  app.post(
    '/giveaway',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Create a giveaway (admin)',
        body: GiveawayWriteBodySchema,
        response: { 201: GiveawaySchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = await settlePrizePicture(app.images, validateGiveawayInput(request.body), null);
      const row = await createGiveaway(app.db, input, {
        actor: actorOf(request),
        now: new Date(),
        timeZone,
        mailAvailable: Boolean(app.config.smtpUrl),
      });
      const created = await presentGiveaway(app.db, row.id, { admin: true, timeZone });
      // The giveaway's social card is drawn as it is saved.
      return reply.code(201).send(await app.giveawayCards.withCard(created));
    },
  );

  app.put(
    '/giveaway/:id',
    admin('Replace a giveaway’s settable fields (admin)', GiveawaySchema, {
      body: GiveawayWriteBodySchema,
    }),
    async (request) => {
      const before = await getGiveaway(app.db, request.params.id);
      const input = await settlePrizePicture(
        app.images,
        validateGiveawayInput(request.body),
        before,
      );
      await updateGiveaway(app.db, request.params.id, input, {
        actor: actorOf(request),
        now: new Date(),
        timeZone,
        today: today(),
        mailAvailable: Boolean(app.config.smtpUrl),
      });
      return app.giveawayCards.withCard(
        await presentGiveaway(app.db, request.params.id, { admin: true, timeZone }),
      );
    },
  );

  app.delete(
    '/giveaway/:id',
    admin(
      'Delete a giveaway that has not been drawn, with its entries; once anyone entered, only with its title typed (admin)',
      SuccessMessageSchema,
      { body: Type.Optional(DeleteGiveawayPayloadSchema) },
    ),
    async (request) => {
      const deleted = await deleteGiveaway(app.db, request.params.id, {
        actor: actorOf(request),
        now: new Date(),
        confirmTitle: request.body?.confirm_title,
      });
      return deskAnswers.deleted(deleted);
    },
  );

  app.post(
    '/giveaway/:id/toggle-participants',
    admin('Start or stop accepting entries (admin)', SuccessMessageSchema, {
      body: ToggleParticipantsPayloadSchema,
    }),
    async (request) => {
      const { accept } = request.body;
      const day = today();
      const row = await setAccepting(app.db, request.params.id, accept, {
        actor: actorOf(request),
        now: new Date(),
        today: day,
      });
      return deskAnswers.accepting(row, accept, day);
    },
  );

  app.post(
    '/giveaway/:id/close',
    admin(
      'Close entries for good: the entry list is frozen and published (admin)',
      SuccessMessageSchema,
    ),
    async (request) => {
      const row = await closeEntries(app.db, request.params.id, {
        actor: actorOf(request),
        now: new Date(),
        today: today(),
      });
      return deskAnswers.closed(row);
    },
  );

  app.post(
    '/giveaway/:id/disqualify',
    admin(
      'Disqualify entries before the list is frozen; the count and reason are published (admin)',
      SuccessMessageSchema,
      { body: DisqualifyPayloadSchema },
    ),
    async (request) => {
      const { participant_ids: ids, reason } = request.body;
      const context = { actor: actorOf(request), now: new Date(), today: today() };
      const { count } = await disqualifyEntries(app.db, request.params.id, ids, reason, context);
      return deskAnswers.disqualified(count);
    },
  );

  app.post(
    '/giveaway/:id/reinstate',
    admin(
      'Undo disqualifications before the list is frozen: the entries are back in the draw (admin)',
      SuccessMessageSchema,
      { body: ReinstatePayloadSchema },
    ),
    async (request) => {
      const context = { actor: actorOf(request), now: new Date(), today: today() };
      const { count } = await reinstateEntries(
        app.db,
        request.params.id,
        request.body.participant_ids,
        context,
      );
      return deskAnswers.reinstated(count);
    },
  );

  app.get(
    '/giveaway/:id/results-mail',
    admin(
      'The results mail: its preview, how many asked for it, and what was sent (admin)',
      ResultsMailStateSchema,
    ),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return resultsMailState(app.db, request.params.id, {
        publicUrl: app.config.publicUrl,
        timeZone,
      });
    },
  );

  app.post(
    '/giveaway/:id/results-mail',
    admin(
      'Send the results mail once, after the draw, to the entrants who asked for it (admin)',
      SendResultsResponseSchema,
    ),
    async (request) => {
      const { recipients } = await sendResultsMail(app.db, request.params.id, {
        actor: actorOf(request),
        now: new Date(),
        timeZone,
        dialect: app.dialect,
      });
      app.newsletterSender.wake();
      return {
        success: true,
        recipients,
        message:
          recipients === 0
            ? 'Nobody asked for the results, so no mail goes; the results mail counts as sent.'
            : `The results mail is on its way to ${recipients} ${recipients === 1 ? 'entrant' : 'entrants'}, at the newsletter's sending rate.`,
      };
    },
  );

  app.post(
    '/giveaway/:id/archive',
    admin('Hide a giveaway from the list, or show it again (admin)', SuccessMessageSchema, {
      body: ArchivePayloadSchema,
    }),
    async (request) => {
      const { archived } = request.body;
      const row = await setArchived(app.db, request.params.id, archived, {
        actor: actorOf(request),
        now: new Date(),
      });
      return deskAnswers.archived(row, archived);
    },
  );

  app.get(
    '/giveaway/:id/participants.csv',
    admin(
      'A giveaway’s entrants as CSV (admin)',
      Type.String({ description: 'text/csv: id, email, instagram_handle, entered_at' }),
    ),
    async (request, reply) => {
      const { id } = request.params;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="giveaway-${id}-participants.csv"`)
        .header('cache-control', 'no-store')
        .send(await participantsCsv(app.db, id));
    },
  );

  /** What the desk reads. */
  adminReads(app, [
    {
      path: '/giveaway/:id/changes',
      summary: 'Every admin change to a giveaway, oldest first (admin)',
      response: GiveawayChangeListSchema,
      read: (id: number) => listGiveawayChanges(app.db, id),
    },
    {
      path: '/giveaway/:id/participants',
      summary: 'A giveaway’s entrants, in entry order (admin)',
      response: ParticipantListSchema,
      read: (id: number) => listEntrants(app.db, id),
    },
    {
      path: '/participant/:id',
      summary: 'One entrant (admin)',
      response: ParticipantSchema,
      read: (id: number) => getEntrant(app.db, id),
    },
  ]);
};

export default deskRoutes;
