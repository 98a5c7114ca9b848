import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { ImageRefused, type ImageService } from './service';

/** Tries per giveaway before its address is left as it is for good. */
export const MOVE_ATTEMPTS = 3;

export interface MoveResult {
  moved: number;
  failed: number;
  /** Giveaways still waiting for another try. */
  left: number;
}

/**
 * Moves giveaways saved before pictures were stored (an address, no stored picture) over to a
 * stored picture: each is fetched once per run, at most MOVE_ATTEMPTS times in all. A fetch that
 * fails counts a try and changes nothing else, so the giveaway stays valid and keeps showing the
 * address it had.
 */
export async function movePrizePictures(
  db: Kysely<Database>,
  images: ImageService,
  log: { warn(object: object, message: string): void },
): Promise<MoveResult> {
  const waiting = await db
    .selectFrom('giveaways')
    .select(['id', 'prize_image', 'prize_image_attempts'])
    .where('prize_image', 'is not', null)
    .where('prize_image_id', 'is', null)
    .where('prize_image_attempts', '<', MOVE_ATTEMPTS)
    .orderBy('id')
    .execute();
  let moved = 0;
  let failed = 0;
  for (const giveaway of waiting) {
    const url = giveaway.prize_image as string;
    try {
      const stored = await images.storeFromUrl(url);
      // Only if the address is still the one fetched (an admin may have changed it meanwhile).
      await db
        .updateTable('giveaways')
        .set({ prize_image_id: stored.id })
        .where('id', '=', giveaway.id)
        .where('prize_image', '=', url)
        .where('prize_image_id', 'is', null)
        .execute();
      moved += 1;
    } catch (error) {
      failed += 1;
      await db
        .updateTable('giveaways')
        .set((eb) => ({ prize_image_attempts: eb('prize_image_attempts', '+', 1) }))
        .where('id', '=', giveaway.id)
        .execute();
      log.warn(
        {
          giveaway: giveaway.id,
          attempt: giveaway.prize_image_attempts + 1,
          reason: error instanceof ImageRefused ? error.message : String(error),
        },
        'The prize picture of a giveaway could not be stored; it keeps its address.',
      );
    }
  }
  const left = await db
    .selectFrom('giveaways')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('prize_image', 'is not', null)
    .where('prize_image_id', 'is', null)
    .where('prize_image_attempts', '<', MOVE_ATTEMPTS)
    .executeTakeFirstOrThrow();
  return { moved, failed, left: Number(left.n) };
}
