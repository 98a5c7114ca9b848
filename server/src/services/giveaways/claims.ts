import type { ClaimLinkState, ClaimPayload, ClaimResponse, WinnerContact } from '@site/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { logChange } from './change-log';
import { sha256Hex } from './draw';
import { claimNoticeMail, formatDeadline, type GiveawayMailer } from './mails';
import { toRound } from './mapper';
import { listRounds } from './listing';
import { notFoundSentence } from './shared';

/*
 * A winner's claim from the link in their e-mail (what the link stands for now, the claim with the
 * delivery details and the owner's notice), and a place's current winner for the owner.
 */

type Db = Kysely<Database>;

const gone = (detail: string) => new HttpError(410, detail);

export interface DeliveryDetails {
  full_name?: string;
  delivery_address?: string;
  consent?: boolean;
}

const CLAIM_LINK_NOT_VALID =
  'This claim link is not valid for this giveaway. Please open the link from the e-mail exactly as it was sent.';

/**
 * The draw round a claim link belongs to, with `draw_round`: the round that holds its place now
 * (a later round of the same place replaced this winner). Undefined for a link of no round.
 */
async function findClaimRound(db: Db, id: number, token: string) {
  const found = await db
    .selectFrom('giveaway_draw_rounds as r')
    .innerJoin('giveaways as g', 'g.id', 'r.giveaway_id')
    .leftJoin('participants as p', 'p.id', 'r.participant_id')
    .select([
      'r.round',
      'r.place',
      'r.participant_id',
      'r.claim_deadline',
      'r.claimed_at',
      'g.title',
      'g.prize',
      'p.disqualified_at',
      'p.disqualified_reason',
    ])
    .where('r.giveaway_id', '=', id)
    .where('r.claim_token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!found) return undefined;
  const latest = await db
    .selectFrom('giveaway_draw_rounds')
    .select((eb) => eb.fn.max('round').as('round'))
    .where('giveaway_id', '=', id)
    .where('place', '=', found.place)
    .executeTakeFirst();
  return { ...found, draw_round: Number(latest?.round ?? found.round) };
}

/**
 * What a claim link stands for now, so the claim page says it before anything is typed: open
 * (with its deadline), claimed, expired, drawn again, or this winner disqualified (with the
 * published reason).
 */
export async function claimStatus(
  db: Db,
  id: number,
  token: string,
  context: { now: Date; timeZone: string },
): Promise<ClaimLinkState> {
  const row = await findClaimRound(db, id, token);
  if (!row) throw notFound(CLAIM_LINK_NOT_VALID);
  const replaced = row.round !== row.draw_round;
  const state: ClaimLinkState['state'] =
    row.disqualified_at !== null
      ? 'disqualified'
      : replaced
        ? 'redrawn'
        : row.claimed_at !== null
          ? 'claimed'
          : row.claim_deadline !== null && context.now.toISOString() >= row.claim_deadline
            ? 'expired'
            : 'open';
  return {
    state,
    title: row.title,
    prize: row.prize,
    place: row.place,
    round: row.round,
    claim_deadline: row.claim_deadline,
    claim_deadline_text: row.claim_deadline
      ? formatDeadline(row.claim_deadline, context.timeZone)
      : null,
    claimed_at: state === 'claimed' ? row.claimed_at : null,
    reason: state === 'disqualified' ? row.disqualified_reason : null,
  };
}

/**
 * Records the winner's claim from the link in their e-mail, with what delivery needs (name and
 * delivery details, and consent to use them for delivery), stored privately in giveaway_claims.
 */
export async function claimPrize(
  db: Db,
  id: number,
  token: string,
  details: DeliveryDetails,
  context: { now: Date; timeZone: string },
): Promise<{
  title: string;
  prize: string;
  round: number;
  place: number;
  claimed_at: string;
  already: boolean;
}> {
  const at = context.now.toISOString();
  const row = await findClaimRound(db, id, token);
  if (!row) throw notFound(CLAIM_LINK_NOT_VALID);
  const base = { title: row.title, prize: row.prize, round: row.round, place: row.place };
  if (row.claimed_at !== null && row.round === row.draw_round) {
    return { ...base, claimed_at: row.claimed_at, already: true };
  }
  if (row.round !== row.draw_round) {
    throw gone(
      'This claim link is no longer valid: the prize was drawn again (see the giveaway’s draw history for the reason).',
    );
  }
  if (row.claim_deadline !== null && at >= row.claim_deadline) {
    throw gone(
      `The claim period for this prize ended on ${formatDeadline(row.claim_deadline, context.timeZone)}.`,
    );
  }
  const fullName = (details.full_name ?? '').trim();
  const address = (details.delivery_address ?? '').trim();
  if (!fullName) throw badRequest('Please enter your name, so the prize can reach you.');
  if (!address) {
    throw badRequest('Please enter the postal or delivery details the prize should be sent to.');
  }
  if (details.consent !== true) {
    throw badRequest(
      'Please agree that your name and delivery details are used to deliver the prize ("consent": true).',
    );
  }
  return db.transaction().execute(async (trx) => {
    // Conditional, so a claim racing the deadline or a re-draw is recorded only while it is valid.
    const claimed = await trx
      .updateTable('giveaway_draw_rounds')
      .set({ claimed_at: at })
      .where('giveaway_id', '=', id)
      .where('round', '=', row.round)
      .where('claimed_at', 'is', null)
      .where('claim_deadline', '>', at)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) {
      const again = await trx
        .selectFrom('giveaway_draw_rounds')
        .select('claimed_at')
        .where('giveaway_id', '=', id)
        .where('round', '=', row.round)
        .executeTakeFirstOrThrow();
      if (again.claimed_at !== null)
        return { ...base, claimed_at: again.claimed_at, already: true };
      throw gone('The claim period for this prize has ended.');
    }
    await trx
      .insertInto('giveaway_claims')
      .values({
        giveaway_id: id,
        round: row.round,
        participant_id: row.participant_id,
        full_name: fullName,
        delivery_address: address,
        consent_at: at,
      })
      .execute();
    await logChange(trx, {
      giveawayId: id,
      actor: { id: null, username: 'winner' },
      action: 'claimed',
      summary: `The winner of round ${row.round} claimed the prize and gave delivery details.`,
      at,
    });
    return { ...base, claimed_at: at, already: false };
  });
}

/** A place's current winner for the owner (place 1 unless named): contact, claim and delivery. */
export async function winnerContact(
  db: Db,
  id: number,
  now: Date,
  place = 1,
): Promise<WinnerContact | null> {
  const g = await db
    .selectFrom('giveaways')
    .select(['id', 'draw_round'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) throw notFound(notFoundSentence(id));
  if (g.draw_round === null) return null;
  const rounds = await listRounds(db, [id]);
  const round = rounds.filter((r) => r.place === place).pop();
  if (!round) return null;
  const row = await db
    .selectFrom('giveaway_draw_rounds as r')
    .leftJoin('participants as p', 'p.id', 'r.participant_id')
    .leftJoin('giveaway_claims as c', (join) =>
      join.onRef('c.giveaway_id', '=', 'r.giveaway_id').onRef('c.round', '=', 'r.round'),
    )
    .select([
      'r.round',
      'r.participant_id',
      'p.email',
      'p.instagram_handle',
      'c.full_name',
      'c.delivery_address',
      'c.consent_at',
    ])
    .where('r.giveaway_id', '=', id)
    .where('r.round', '=', round.round)
    .executeTakeFirstOrThrow();
  const summary = toRound(round, rounds, now.toISOString());
  return {
    round: row.round,
    place: round.place,
    participant_id: row.participant_id,
    email: row.email ?? null,
    instagram_handle: row.instagram_handle ?? null,
    claim_status: summary.claim_status,
    claim_deadline: summary.claim_deadline,
    claimed_at: summary.claimed_at,
    delivery:
      row.full_name && row.delivery_address && row.consent_at
        ? {
            full_name: row.full_name,
            delivery_address: row.delivery_address,
            consent_at: row.consent_at,
          }
        : null,
  };
}

/**
 * The winner's claim, with a notice to the owner the first time it is recorded (a mail failure is
 * logged: the claim stands).
 */
export async function claimAndNotify(
  db: Db,
  id: number,
  payload: ClaimPayload,
  context: { now: Date; mail: GiveawayMailer },
): Promise<ClaimResponse> {
  const { token, ...details } = payload;
  const { timeZone } = context.mail;
  const claim = await claimPrize(db, id, token, details, { now: context.now, timeZone });
  if (!claim.already) {
    const winner = await winnerContact(db, id, new Date(), claim.place);
    try {
      await context.mail.mailer.send(
        claimNoticeMail({
          to: context.mail.ownerEmail,
          title: claim.title,
          round: claim.round,
          handle: winner?.instagram_handle ?? null,
          giveawayId: id,
          publicUrl: context.mail.publicUrl,
        }),
      );
    } catch (error) {
      context.mail.log.error({ err: error }, 'could not send or keep the claim notice');
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
}
