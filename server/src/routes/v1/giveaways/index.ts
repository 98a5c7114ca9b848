import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EntryPayloadSchema,
  ErrorResponseSchema,
  GiveawayIdParamsSchema,
  GiveawayListSchema,
  GiveawaySchema,
  GiveawayWriteBodySchema,
  ParticipantListSchema,
  ParticipantSchema,
  SelectWinnerResponseSchema,
  SuccessMessageSchema,
  ToggleParticipantsPayloadSchema,
} from '@site/contracts';
import { formatDate, todayIn } from '../../../services/giveaways/dates';
import { toCsv } from '../../../services/giveaways/csv';
import {
  PARTICIPANT_CSV_HEADER,
  toGiveaway,
  toParticipant,
  toParticipantCsvRow,
  toWinner,
} from '../../../services/giveaways/mapper';
import {
  deriveState,
  validateEntry,
  validateGiveawayInput,
} from '../../../services/giveaways/rules';
import * as giveaways from '../../../services/giveaways/service';
import { strictValidatorCompiler } from './strict-validator';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Same words for a real entry and a honeypot hit, so a bot cannot tell them apart. */
const ENTERED = 'You have entered the giveaway. Good luck!';

/** Giveaways, entries and the draw. Public reads and entering; everything else is admin-only. */
const giveawayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setValidatorCompiler(strictValidatorCompiler);

  const adminOnly = app.requireRole('admin');
  const today = () => todayIn(app.config.siteTimezone);

  /**
   * Public reads stay public with a stale or foreign token: a visitor's expired session must not
   * turn a giveaway page into a 401 (the site answers 401 by sending people to /login).
   */
  async function viewerIsAdmin(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!request.headers.authorization) return false;
    try {
      await app.authenticate(request, reply);
      return request.user?.role === 'admin';
    } catch {
      return false;
    }
  }

  // Counts and winners change by the minute, and the admin view differs from the public one.
  const noStore = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('vary', 'authorization');

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
      const admin = await viewerIsAdmin(request, reply);
      const view = { today: today(), admin };
      noStore(reply);
      return (await giveaways.listGiveaways(app.db)).map((row) => toGiveaway(row, view));
    },
  );

  app.get(
    '/giveaway/:id',
    {
      schema: {
        tags: ['giveaways'],
        summary: 'One giveaway (an admin token adds the winner e-mail)',
        params: GiveawayIdParamsSchema,
        response: { 200: GiveawaySchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await viewerIsAdmin(request, reply);
      noStore(reply);
      return toGiveaway(await giveaways.getGiveaway(app.db, request.params.id), {
        today: today(),
        admin,
      });
    },
  );

  app.post(
    '/giveaway',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Create a giveaway (admin)',
        body: GiveawayWriteBodySchema,
        response: { 201: GiveawaySchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await giveaways.createGiveaway(
        app.db,
        validateGiveawayInput(request.body),
        new Date(),
      );
      return reply.code(201).send(toGiveaway(row, { today: today(), admin: true }));
    },
  );

  app.put(
    '/giveaway/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Replace a giveaway’s settable fields (admin)',
        params: GiveawayIdParamsSchema,
        body: GiveawayWriteBodySchema,
        response: { 200: GiveawaySchema, ...errors },
      },
    },
    async (request) => {
      const input = validateGiveawayInput(request.body);
      const row = await giveaways.updateGiveaway(app.db, request.params.id, input, new Date());
      return toGiveaway(row, { today: today(), admin: true });
    },
  );

  app.delete(
    '/giveaway/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Delete a giveaway and its entries (admin)',
        params: GiveawayIdParamsSchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await giveaways.deleteGiveaway(app.db, request.params.id);
      const entries = `${deleted.participant_count} ${deleted.participant_count === 1 ? 'entry' : 'entries'}`;
      return {
        success: true,
        message: `The giveaway "${deleted.title}" and its ${entries} were deleted.`,
      };
    },
  );

  app.post(
    '/giveaway/:id/participate',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: {
        tags: ['giveaways'],
        summary: 'Enter a giveaway',
        params: GiveawayIdParamsSchema,
        body: EntryPayloadSchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      // Honeypot: only bots fill the hidden field. They get the same answer and nothing is stored.
      if (request.body.website) {
        request.log.info({ giveawayId: request.params.id }, 'giveaway entry honeypot triggered');
        return { success: true, message: ENTERED };
      }
      const input = validateEntry(request.body);
      await giveaways.enterGiveaway(app.db, request.params.id, input, today(), new Date());
      return { success: true, message: ENTERED };
    },
  );

  app.post(
    '/giveaway/:id/toggle-participants',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Start or stop accepting entries (admin)',
        params: GiveawayIdParamsSchema,
        body: ToggleParticipantsPayloadSchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { accept } = request.body;
      const row = await giveaways.setAccepting(app.db, request.params.id, accept, new Date());
      if (!accept)
        return { success: true, message: 'The giveaway has stopped accepting participants.' };
      const reason = deriveState(row, today()).entries_closed_reason;
      let message = 'The giveaway is now accepting participants.';
      if (reason === 'ended' && row.end_date) {
        message = `Entries are switched on, but this giveaway ended on ${formatDate(row.end_date)}; move the end date to take entries again.`;
      } else if (reason === 'not_started') {
        message = `Entries are switched on and open on ${formatDate(row.start_date)}.`;
      } else if (reason === 'full') {
        message =
          'Entries are switched on, but the giveaway is full; raise the maximum to take more entries.';
      }
      return { success: true, message };
    },
  );

  app.post(
    '/giveaway/:id/select-winner',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Draw the one winner, uniformly at random (admin)',
        params: GiveawayIdParamsSchema,
        response: { 200: SelectWinnerResponseSchema, ...errors },
      },
    },
    async (request) => {
      // requireRole set the user before this handler runs.
      const drawer = request.user as NonNullable<typeof request.user>;
      const result = await giveaways.drawWinner(app.db, request.params.id, drawer, new Date());
      const winner = toWinner(result.winner);
      return {
        success: true,
        winner,
        message: `@${winner.instagram_handle} won "${result.title}", drawn from ${result.entrantCount} ${result.entrantCount === 1 ? 'entrant' : 'entrants'}.`,
      };
    },
  );

  app.get(
    '/giveaway/:id/participants',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'A giveaway’s entrants, in entry order (admin)',
        params: GiveawayIdParamsSchema,
        response: { 200: ParticipantListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await giveaways.listParticipants(app.db, request.params.id)).map(toParticipant);
    },
  );

  app.get(
    '/giveaway/:id/participants.csv',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'A giveaway’s entrants as CSV (admin)',
        params: GiveawayIdParamsSchema,
        response: {
          200: Type.String({ description: 'text/csv: id, email, instagram_handle, entered_at' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const rows = await giveaways.listParticipants(app.db, request.params.id);
      const csv = toCsv(PARTICIPANT_CSV_HEADER, rows.map(toParticipantCsvRow));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="giveaway-${request.params.id}-participants.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/participant/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'One entrant (admin)',
        params: GiveawayIdParamsSchema,
        response: { 200: ParticipantSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toParticipant(await giveaways.getParticipant(app.db, request.params.id));
    },
  );
};

export default giveawayRoutes;
