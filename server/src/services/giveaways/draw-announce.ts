import type { SelectWinnerResponse } from '@site/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DrawResult } from './draw-rounds';
import { formatDeadline, type GiveawayMailer, winnerMail, winWithdrawnMail } from './mails';
import { entriesCount, toWinner } from './mapper';
import { getGiveaway } from './listing';

/*
 * What follows a draw once it is committed: each winner's mail with their claim link, the admin's
 * answer, and the mail telling a disqualified winner the win is withdrawn.
 */

type Db = Kysely<Database>;

/**
 * Mails each winner of a draw their own claim link and deadline, and answers the admin's draw
 * screen. `verb` says how they won ("won", "won the re-draw of"). The draw is committed and
 * public: a mail failure is logged, never turned into an error.
 */
export async function announceDraw(
  db: Db,
  id: number,
  drawn: DrawResult | readonly DrawResult[],
  verb: string,
  mail: GiveawayMailer,
): Promise<SelectWinnerResponse> {
  const results: readonly DrawResult[] = Array.isArray(drawn) ? drawn : [drawn as DrawResult];
  const first = results[0];
  if (!first) throw new Error('a draw names at least one winner');
  const g = await getGiveaway(db, id);
  const several = results.length > 1 || first.place > 1;
  // The places the first draw filled: fewer than winner_count when there were fewer entries.
  const places = Math.min(g.winner_count, g.frozen_count ?? g.winner_count);
  for (const result of results) {
    if (!result.winner) continue;
    try {
      await mail.mailer.send(
        winnerMail({
          to: result.winner.email,
          handle: result.winner.instagram_handle,
          title: result.title,
          prize: result.prize,
          giveawayId: id,
          claimToken: result.claimToken,
          claimDeadline: result.claimDeadline,
          claimDays: g.claim_days,
          timeZone: mail.timeZone,
          publicUrl: mail.publicUrl,
          ...(places > 1 ? { place: { place: result.place, of: places } } : {}),
        }),
      );
    } catch (error) {
      mail.log.error(
        { err: error, giveawayId: id, place: result.place },
        'could not send or keep the winner e-mail',
      );
    }
  }
  const winners = results.map((r) => ({
    place: r.place,
    round: r.round,
    id: r.winner?.id ?? null,
    email: r.winner?.email ?? null,
    instagram_handle: r.winner?.instagram_handle ?? null,
    claim_deadline: r.claimDeadline,
  }));
  const drawnFrom = entriesCount(first.eligibleCount);
  const until = formatDeadline(first.claimDeadline, mail.timeZone);
  const erased = results.filter((r) => !r.winner);
  const erasedNote = erased.length
    ? ` The entry drawn for ${erased.map((r) => `place ${r.place}`).join(', ')} had its data erased, so nobody can be told; draw that place again once its claim period has passed.`
    : '';
  if (several) {
    const named = results
      .map((r) => `${r.place}. ${r.winner ? `@${r.winner.instagram_handle}` : 'an erased entry'}`)
      .join(', ');
    return {
      success: erased.length < results.length,
      winner: first.winner ? toWinner(first.winner) : null,
      round: first.round,
      claim_deadline: first.claimDeadline,
      winners,
      message: `${results.length === 1 ? `Place ${first.place}` : `${results.length} winners`} ${verb} "${first.title}", drawn from ${drawnFrom}: ${named}. Each has until ${until} to claim the prize.${erasedNote}`,
    };
  }
  if (!first.winner) {
    return {
      success: false,
      winner: null,
      round: first.round,
      claim_deadline: first.claimDeadline,
      winners,
      message: `The entry at position ${first.position + 1} was drawn from ${drawnFrom}, but its entrant had their data erased, so nobody can be told. Draw again once the claim period has passed.`,
    };
  }
  const winner = toWinner(first.winner);
  return {
    success: true,
    winner,
    round: first.round,
    claim_deadline: first.claimDeadline,
    winners,
    message: `@${winner.instagram_handle} ${verb} "${first.title}", drawn from ${drawnFrom}. They have until ${until} to claim the prize.`,
  };
}

/**
 * Tells a winner who was disqualified that the win is withdrawn, and why (the reason published
 * with the re-draw), so their claim link is not the first they hear of it. A mail failure is
 * logged, never turned into an error: the disqualification stands.
 */
export async function tellDisqualifiedWinner(
  db: Db,
  id: number,
  redrawn: Pick<DrawResult, 'round' | 'place'>,
  mail: GiveawayMailer,
): Promise<void> {
  // The round the re-draw replaced: the same place's latest round before it.
  const row = await db
    .selectFrom('giveaway_draw_rounds as r')
    .innerJoin('giveaways as g', 'g.id', 'r.giveaway_id')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .select(['r.round', 'g.title', 'p.email', 'p.instagram_handle', 'p.disqualified_reason'])
    .where('r.giveaway_id', '=', id)
    .where('r.place', '=', redrawn.place)
    .where('r.round', '<', redrawn.round)
    .orderBy('r.round', 'desc')
    .executeTakeFirst();
  const round = row?.round;
  // An erased entry has no address left to tell.
  if (!row?.email) return;
  try {
    await mail.mailer.send(
      winWithdrawnMail({
        to: row.email,
        handle: row.instagram_handle,
        title: row.title,
        reason: row.disqualified_reason ?? '',
        giveawayId: id,
        publicUrl: mail.publicUrl,
      }),
    );
  } catch (error) {
    mail.log.error(
      { err: error, giveawayId: id, round },
      'could not send or keep the mail to a disqualified winner',
    );
  }
}
