import type { Presenter, PresenterDrawResponse, SelectWinnerResponse } from '@site/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/http-error';
import type { DrawResult } from './draw-rounds';
import { entriesCount, toWinners } from './mapper';
import { closingReason, listRounds } from './listing';
import { notFoundSentence } from './shared';
import { picturesByIds } from '../images/service';

type Db = Kysely<Database>;

/**
 * An address as a stream may show it: the first character of the name and of the domain, the
 * last part of the domain kept, "a***@g***.com". Anything else shows as "***".
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const name = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${name.charAt(0)}***@${host.charAt(0)}***${tld}`;
}

/** How the presenter view names an entrant: "@handle", or the masked address without a handle. */
export function presenterName(entry: { email: string; instagram_handle: string }): string {
  const handle = entry.instagram_handle.trim().replace(/^@+/, '');
  return handle ? `@${handle}` : maskEmail(entry.email.trim());
}

/** Most names the spin needs: it cycles through a sample, never the whole list of a large giveaway. */
const SPIN_NAMES = 200;

/** What the presenter view shows: no e-mail address anywhere in it. */
export async function getPresenter(db: Db, id: number, today: string): Promise<Presenter> {
  const g = await db
    .selectFrom('giveaways as g')
    .leftJoin('participants as w', 'w.id', 'g.winner_id')
    .select([
      'g.id',
      'g.title',
      'g.prize',
      'g.prize_image',
      'g.prize_image_id',
      'g.participant_count',
      'g.external_randomness',
      'g.frozen_at',
      'g.end_date',
      'g.max_participants',
      'g.algorithm',
      'g.draw_round',
      'g.winner_count',
      'w.email as winner_email',
      'w.instagram_handle as winner_handle',
    ])
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!g) throw notFound(notFoundSentence(id));
  const entries = await db
    .selectFrom('participants')
    .select(['email', 'instagram_handle'])
    .where('giveaway_id', '=', id)
    .where('disqualified_at', 'is', null)
    // Only entries that count: an unconfirmed one may carry someone else's address or handle.
    .where('confirmed_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(SPIN_NAMES)
    .execute();
  const rounds = g.draw_round !== null ? await listRounds(db, [id]) : [];
  const current = toWinners(rounds, new Date().toISOString());
  const shown = current.length
    ? await db
        .selectFrom('giveaway_draw_rounds as r')
        .innerJoin('participants as p', 'p.id', 'r.participant_id')
        .select(['r.round', 'p.email', 'p.instagram_handle'])
        .where('r.giveaway_id', '=', id)
        .where(
          'r.round',
          'in',
          current.map((w) => w.round),
        )
        .execute()
    : [];
  return {
    id: g.id,
    title: g.title,
    prize: g.prize,
    prize_image:
      g.prize_image_id === null
        ? g.prize_image
        : ((await picturesByIds(db, [g.prize_image_id])).get(g.prize_image_id)?.src ??
          g.prize_image),
    participant_count: g.participant_count,
    external_randomness: g.external_randomness,
    frozen: g.frozen_at !== null,
    end_date: g.end_date,
    draw_closes_entries:
      g.draw_round === null && g.frozen_at === null && closingReason(g, today) === null,
    names: entries.map(presenterName),
    winner:
      g.draw_round !== null
        ? {
            name:
              g.winner_email !== null && g.winner_handle !== null
                ? presenterName({ email: g.winner_email, instagram_handle: g.winner_handle })
                : 'an erased entry',
            round: g.draw_round,
          }
        : null,
    winner_count: g.winner_count,
    winners: current.map((w) => {
      const entry = shown.find((e) => e.round === w.round);
      return {
        place: w.place,
        round: w.round,
        name: entry ? presenterName(entry) : null,
        claim_status: w.claim_status,
      };
    }),
    verify_path: `/giveaway/${g.id}/verify`,
  };
}

/**
 * The presenter view's answer to its draw: each winner's handle or masked address, in place
 * order, never an e-mail.
 */
export function presenterDrawAnswer({
  results,
  answer,
}: {
  results: DrawResult[];
  answer: SelectWinnerResponse;
}): PresenterDrawResponse {
  const winners = results.map((r) => ({
    place: r.place,
    round: r.round,
    name: r.winner ? presenterName(r.winner) : null,
  }));
  const first = winners[0];
  const title = results[0]?.title ?? '';
  const from = entriesCount(results[0]?.eligibleCount ?? 0);
  const names = winners.map((w) => w.name ?? 'an erased entry');
  return {
    success: answer.success,
    round: answer.round,
    winner: first?.name ? { name: first.name } : null,
    winners,
    message:
      winners.length > 1
        ? `${names.map((n, i) => `${i + 1}. ${n}`).join(', ')} won "${title}", drawn from ${from}.`
        : first?.name
          ? `${first.name} won "${title}", drawn from ${from}.`
          : 'The drawn entry had its data erased, so nobody can be told.',
  };
}
