import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArchivePayloadSchema,
  ClaimPayloadSchema,
  ClaimResponseSchema,
  DeleteGiveawayPayloadSchema,
  DisqualifyPayloadSchema,
  DisqualifyWinnerPayloadSchema,
  EntryPayloadSchema,
  EntryResponseSchema,
  ErrorResponseSchema,
  GiveawayChangeListSchema,
  GiveawayIdParamsSchema,
  GiveawayListSchema,
  GiveawayRulesSchema,
  GiveawaySchema,
  GiveawayVerificationSchema,
  GiveawayWriteBodySchema,
  ParticipantListSchema,
  ParticipantSchema,
  PresenterDrawResponseSchema,
  PresenterSchema,
  ReceiptCheckPayloadSchema,
  ReceiptCheckResponseSchema,
  RedrawPayloadSchema,
  RulesQuerySchema,
  SelectWinnerPayloadSchema,
  SelectWinnerResponseSchema,
  SuccessMessageSchema,
  ToggleParticipantsPayloadSchema,
  WinnerContactSchema,
} from '@site/contracts';
import { badRequest, conflict } from '../../../lib/http-error';
import { listChanges } from '../../../services/giveaways/change-log';
import { formatDate, todayIn } from '../../../lib/dates';
import { toCsv } from '../../../services/giveaways/csv';
import { frozenListText, newReceipt } from '../../../services/giveaways/draw';
import * as draws from '../../../services/giveaways/draw-service';
import {
  claimNoticeMail,
  formatDeadline,
  receiptMail,
  winnerMail,
} from '../../../services/giveaways/mails';
import { getPresenter, presenterName } from '../../../services/giveaways/presenter';
import {
  type GiveawayRow,
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
import { backfillRules, getRules } from '../../../services/giveaways/rules-store';
import * as giveaways from '../../../services/giveaways/service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Same words for a real entry and a honeypot hit, so a bot cannot tell them apart. */
const entered = (receipt: string) =>
  `You have entered the giveaway. Good luck! Your receipt code is ${receipt}; keep it to check that your entry is in the draw.`;

/** Giveaways, entries and the draw. Public reads and entering; everything else is admin-only. */
const giveawayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = app.requireRole('admin');
  const timeZone = app.config.siteTimezone;
  const today = () => todayIn(timeZone);

  await backfillRules(app.db, timeZone, new Date());

  /** The admin who is making this request (requireRole has run). */
  const actorOf = (request: FastifyRequest) => {
    const user = request.user as NonNullable<typeof request.user>;
    return { id: user.id, username: user.username };
  };

  /** Giveaways as JSON, with their draw rounds; entries that closed by themselves are frozen first. */
  async function present(
    rows: GiveawayRow[],
    admin: boolean,
    reread: () => Promise<GiveawayRow[]>,
  ) {
    const now = new Date();
    const day = todayIn(timeZone, now);
    const fresh = (await giveaways.freezeDue(app.db, rows, day, now)) ? await reread() : rows;
    const [rounds, removals] = await Promise.all([
      giveaways.listRounds(
        app.db,
        fresh.filter((r) => r.draw_round !== null).map((r) => r.id),
      ),
      giveaways.listRemovals(
        app.db,
        fresh.map((r) => r.id),
      ),
    ]);
    const view = { today: day, now: now.toISOString(), admin };
    return fresh.map((row) =>
      toGiveaway(
        row,
        rounds.filter((r) => r.giveaway_id === row.id),
        view,
        removals.filter((r) => r.giveaway_id === row.id),
      ),
    );
  }

  /** Freezes the list of a giveaway whose entries closed by themselves, before reading its record. */
  async function settle(id: number) {
    const now = new Date();
    const row = await giveaways.getGiveaway(app.db, id);
    await giveaways.freezeDue(app.db, [row], todayIn(timeZone, now), now);
  }

  async function presentOne(id: number, admin: boolean) {
    const [giveaway] = await present([await giveaways.getGiveaway(app.db, id)], admin, async () => [
      await giveaways.getGiveaway(app.db, id),
    ]);
    return giveaway as NonNullable<typeof giveaway>;
  }

  /**
   * Public reads stay public with a stale or foreign session: a visitor's expired session must not
   * turn a giveaway page into a 401 (the site answers 401 by sending people to /login).
   */
  async function viewerIsAdmin(request: FastifyRequest): Promise<boolean> {
    return (await app.optionalUser(request))?.role === 'admin';
  }

  // Counts and winners change by the minute, and the admin view differs from the public one.
  const noStore = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('vary', 'authorization, cookie');

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
      const admin = await viewerIsAdmin(request);
      noStore(reply);
      // Archived giveaways are hidden from the public list; admins still see (and can restore) them.
      const load = () => giveaways.listGiveaways(app.db, { includeArchived: admin });
      return present(await load(), admin, load);
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
      const admin = await viewerIsAdmin(request);
      noStore(reply);
      return presentOne(request.params.id, admin);
    },
  );

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
      const row = await giveaways.createGiveaway(app.db, validateGiveawayInput(request.body), {
        actor: actorOf(request),
        now: new Date(),
        timeZone,
      });
      return reply.code(201).send(await presentOne(row.id, true));
    },
  );

  app.put(
    '/giveaway/:id',
    {
      onRequest: adminOnly,
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
      await giveaways.updateGiveaway(app.db, request.params.id, input, {
        actor: actorOf(request),
        now: new Date(),
        timeZone,
        today: today(),
      });
      return presentOne(request.params.id, true);
    },
  );

  app.delete(
    '/giveaway/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary:
          'Delete a giveaway that has not been drawn, with its entries; once anyone entered, only with its title typed (admin)',
        params: GiveawayIdParamsSchema,
        body: Type.Optional(DeleteGiveawayPayloadSchema),
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await giveaways.deleteGiveaway(app.db, request.params.id, {
        actor: actorOf(request),
        now: new Date(),
        confirmTitle: request.body?.confirm_title,
      });
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
        summary: 'Enter a giveaway (with "accept_rules": true); answers a receipt code',
        params: GiveawayIdParamsSchema,
        body: EntryPayloadSchema,
        response: { 200: EntryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Honeypot: only bots fill the hidden field. They get the same answer (with a receipt that
      // matches nothing) and nothing is stored.
      if (request.body.website) {
        request.log.info({ giveawayId: id }, 'giveaway entry honeypot triggered');
        const receipt = newReceipt();
        return {
          success: true,
          message: entered(receipt),
          receipt,
          rules_version: request.body.rules_version ?? 1,
        };
      }
      const input = validateEntry(request.body);
      if (request.body.accept_rules !== true) {
        const g = await giveaways.getGiveaway(app.db, id);
        throw badRequest(
          `Please read the official rules and confirm that you accept them and are at least ${g.min_age} ("accept_rules": true).`,
        );
      }
      const now = new Date();
      const entry = await giveaways.enterGiveaway(app.db, id, input, {
        today: todayIn(timeZone, now),
        now,
        rulesVersion: request.body.rules_version,
      });
      // The receipt goes by mail only through a real mail server: kept in the outbox it would
      // only pile up entrants' addresses there.
      if (app.config.smtpUrl) {
        const g = await giveaways.getGiveaway(app.db, id);
        await app.mailer.send(
          receiptMail({
            to: input.email,
            title: g.title,
            receipt: entry.receipt,
            rulesVersion: entry.rules_version,
            giveawayId: id,
            publicUrl: app.config.publicUrl,
          }),
        );
      }
      return {
        success: true,
        message: entered(entry.receipt),
        receipt: entry.receipt,
        rules_version: entry.rules_version,
      };
    },
  );

  app.post(
    '/giveaway/:id/toggle-participants',
    {
      onRequest: adminOnly,
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
      const day = today();
      const row = await giveaways.setAccepting(app.db, request.params.id, accept, {
        actor: actorOf(request),
        now: new Date(),
        today: day,
      });
      if (!accept) {
        return {
          success: true,
          message:
            'Entries are paused. Start Accepting reopens them; the entry list is not frozen.',
        };
      }
      const reason = deriveState(row, day).entries_closed_reason;
      let message = 'The giveaway is now accepting participants.';
      if (reason === 'not_started') {
        message = `Entries are switched on and open on ${formatDate(row.start_date)}.`;
      }
      return { success: true, message };
    },
  );

  app.post(
    '/giveaway/:id/close',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Close entries for good: the entry list is frozen and published (admin)',
        params: GiveawayIdParamsSchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      const row = await giveaways.closeEntries(app.db, request.params.id, {
        actor: actorOf(request),
        now: new Date(),
        today: today(),
      });
      const count = row.frozen_count ?? row.participant_count;
      return {
        success: true,
        message: `Entries are closed for good. The list of ${count} ${count === 1 ? 'entry' : 'entries'} is frozen and published.`,
      };
    },
  );

  app.post(
    '/giveaway/:id/disqualify',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary:
          'Disqualify entries before the list is frozen; the count and reason are published (admin)',
        params: GiveawayIdParamsSchema,
        body: DisqualifyPayloadSchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      const { count } = await giveaways.disqualifyEntries(
        app.db,
        request.params.id,
        request.body.participant_ids,
        request.body.reason,
        { actor: actorOf(request), now: new Date(), today: today() },
      );
      return {
        success: true,
        message: `${count} ${count === 1 ? 'entry was' : 'entries were'} disqualified. The giveaway page says how many and why, without naming anyone.`,
      };
    },
  );

  app.get(
    '/giveaway/:id/winner',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'The current winner’s contact, claim status and delivery details (admin)',
        params: GiveawayIdParamsSchema,
        response: { 200: Type.Union([WinnerContactSchema, Type.Null()]), ...errors },
      },
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
      schema: {
        tags: ['giveaways'],
        summary: 'What the presenter view shows: handles or masked names, never an e-mail (admin)',
        params: GiveawayIdParamsSchema,
        response: { 200: PresenterSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await settle(request.params.id);
      return getPresenter(app.db, request.params.id);
    },
  );

  app.post(
    '/giveaway/:id/present/draw',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Select Winner from the presenter view: the answer names no e-mail (admin)',
        params: GiveawayIdParamsSchema,
        body: SelectWinnerPayloadSchema,
        response: { 200: PresenterDrawResponseSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const result = await draws.drawWinner(app.db, request.params.id, {
        actor: actorOf(request),
        now,
        today: todayIn(timeZone, now),
        externalValue: request.body?.external_value,
      });
      const answer = await announce(request.params.id, result, 'won');
      const name = result.winner ? presenterName(result.winner) : null;
      return {
        success: answer.success,
        round: answer.round,
        winner: name ? { name } : null,
        message: name
          ? `${name} won "${result.title}", drawn from ${result.eligibleCount} ${result.eligibleCount === 1 ? 'entry' : 'entries'}.`
          : 'The drawn entry had its data erased, so nobody can be told.',
      };
    },
  );

  app.post(
    '/giveaway/:id/disqualify-winner',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary:
          'Disqualify the current winner and draw again now, with a published reason (admin)',
        params: GiveawayIdParamsSchema,
        body: DisqualifyWinnerPayloadSchema,
        response: { 200: SelectWinnerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await draws.disqualifyWinner(app.db, request.params.id, request.body.reason, {
        actor: actorOf(request),
        now: new Date(),
      });
      return announce(request.params.id, result, 'won the re-draw of');
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
      if (!app.config.smtpUrl) {
        throw conflict(
          'This site cannot send e-mail at the moment. Copy your receipt code or take a screenshot of it instead.',
        );
      }
      const entry = await draws.entryForReceipt(app.db, request.params.id, request.body.receipt);
      if (entry) {
        const g = await giveaways.getGiveaway(app.db, request.params.id);
        await app.mailer.send(
          receiptMail({
            to: entry.email,
            title: g.title,
            receipt: entry.receipt,
            rulesVersion: entry.rules_version ?? g.rules_version,
            giveawayId: request.params.id,
            publicUrl: app.config.publicUrl,
          }),
        );
      }
      // The same words whether or not the code matched: the answer tells nobody who entered.
      return {
        success: true,
        message:
          'If this receipt belongs to an entry of this giveaway, it is on its way to the address the entry was made with.',
      };
    },
  );

  app.post(
    '/giveaway/:id/select-winner',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Draw the winner by the published method, revealing the seed (admin)',
        params: GiveawayIdParamsSchema,
        body: SelectWinnerPayloadSchema,
        response: { 200: SelectWinnerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const result = await draws.drawWinner(app.db, request.params.id, {
        actor: actorOf(request),
        now,
        today: todayIn(timeZone, now),
        externalValue: request.body?.external_value,
      });
      return announce(request.params.id, result, 'won');
    },
  );

  /** Mails the winner their claim link and answers the admin's draw screen. */
  async function announce(id: number, result: draws.DrawResult, verb: string) {
    const drawnFrom = `${result.eligibleCount} ${result.eligibleCount === 1 ? 'entry' : 'entries'}`;
    if (!result.winner) {
      return {
        success: false,
        winner: null,
        round: result.round,
        claim_deadline: result.claimDeadline,
        message: `The entry at position ${result.position + 1} was drawn from ${drawnFrom}, but its entrant had their data erased, so nobody can be told. Draw again once the claim period has passed.`,
      };
    }
    const g = await giveaways.getGiveaway(app.db, id);
    try {
      await app.mailer.send(
        winnerMail({
          to: result.winner.email,
          handle: result.winner.instagram_handle,
          title: result.title,
          prize: result.prize,
          giveawayId: id,
          claimToken: result.claimToken,
          claimDeadline: result.claimDeadline,
          claimDays: g.claim_days,
          timeZone,
          publicUrl: app.config.publicUrl,
        }),
      );
    } catch (error) {
      // The draw is committed and public; a mail failure must not turn it into an error.
      app.log.error({ err: error, giveawayId: id }, 'could not send or keep the winner e-mail');
    }
    const winner = toWinner(result.winner);
    return {
      success: true,
      winner,
      round: result.round,
      claim_deadline: result.claimDeadline,
      message: `@${winner.instagram_handle} ${verb} "${result.title}", drawn from ${drawnFrom}. They have until ${formatDeadline(result.claimDeadline, timeZone)} to claim the prize.`,
    };
  }

  app.post(
    '/giveaway/:id/redraw',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Draw again after the claim deadline passed without a claim (admin)',
        params: GiveawayIdParamsSchema,
        body: RedrawPayloadSchema,
        response: { 200: SelectWinnerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await draws.redraw(app.db, request.params.id, request.body.reason, {
        actor: actorOf(request),
        now: new Date(),
        timeZone,
      });
      return announce(request.params.id, result, 'won the re-draw of');
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
      const { token, ...details } = request.body;
      const claim = await draws.claimPrize(app.db, request.params.id, token, details, {
        now: new Date(),
        timeZone,
      });
      if (!claim.already) {
        const winner = await draws.winnerContact(app.db, request.params.id, new Date());
        try {
          await app.mailer.send(
            claimNoticeMail({
              to: app.config.ownerEmail ?? null,
              title: claim.title,
              round: claim.round,
              handle: winner?.instagram_handle ?? null,
              giveawayId: request.params.id,
              publicUrl: app.config.publicUrl,
            }),
          );
        } catch (error) {
          // The claim is recorded; a mail failure must not turn it into an error.
          app.log.error({ err: error }, 'could not send or keep the claim notice');
        }
      }
      const when = formatDeadline(claim.claimed_at, timeZone);
      return {
        success: true,
        message: claim.already
          ? `You already claimed this prize on ${when}. We will be in touch at the address you entered with.`
          : `Your claim is recorded: ${when}. We will send the prize to the details you gave and write to you at the address you entered with if anything is unclear.`,
        title: claim.title,
        prize: claim.prize,
        claimed_at: claim.claimed_at,
      };
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
      await settle(request.params.id);
      return draws.checkReceipt(app.db, request.params.id, request.body.receipt);
    },
  );

  app.get(
    '/giveaway/:id/rules',
    {
      schema: {
        tags: ['giveaways'],
        summary: 'The official rules (the current version, or ?version=N)',
        params: GiveawayIdParamsSchema,
        querystring: RulesQuerySchema,
        response: { 200: GiveawayRulesSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return getRules(app.db, request.params.id, request.query.version);
    },
  );

  app.get(
    '/giveaway/:id/verification',
    {
      schema: {
        tags: ['giveaways'],
        summary:
          'Commitment, frozen list, revealed seed and every draw: all a visitor needs to check it',
        params: GiveawayIdParamsSchema,
        response: { 200: GiveawayVerificationSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await settle(request.params.id);
      return draws.getVerification(app.db, request.params.id, new Date());
    },
  );

  app.get(
    '/giveaway/:id/frozen-entries.txt',
    {
      schema: {
        tags: ['giveaways'],
        summary: 'The frozen entry list: one receipt hash per line; its SHA-256 is the fingerprint',
        params: GiveawayIdParamsSchema,
        response: {
          200: Type.String({ description: 'text/plain: one SHA-256 hex per line' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await settle(request.params.id);
      const hashes = await draws.frozenHashes(app.db, request.params.id);
      // Frozen means final: the file never changes, but a deleted giveaway must not linger in caches.
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(frozenListText(hashes));
    },
  );

  app.post(
    '/giveaway/:id/archive',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Hide a giveaway from the list, or show it again (admin)',
        params: GiveawayIdParamsSchema,
        body: ArchivePayloadSchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      const row = await giveaways.setArchived(app.db, request.params.id, request.body.archived, {
        actor: actorOf(request),
        now: new Date(),
      });
      return {
        success: true,
        message: request.body.archived
          ? `"${row.title}" is archived: hidden from the giveaway list, while its page, rules and draw record stay.`
          : `"${row.title}" is shown in the giveaway list again.`,
      };
    },
  );

  app.get(
    '/giveaway/:id/changes',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['giveaways'],
        summary: 'Every admin change to a giveaway, oldest first (admin)',
        params: GiveawayIdParamsSchema,
        response: { 200: GiveawayChangeListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const changes = await listChanges(app.db, request.params.id);
      if (changes.length === 0) await giveaways.getGiveaway(app.db, request.params.id);
      return changes;
    },
  );

  app.get(
    '/giveaway/:id/participants',
    {
      onRequest: adminOnly,
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
      onRequest: adminOnly,
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
      onRequest: adminOnly,
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
