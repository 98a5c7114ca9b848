import { useMemo } from 'react';
import type { GiveawayItem, GiveawayWithId } from './api/giveaway-fields';

/** Giveaways without an id cannot be linked to, so they are skipped with a console warning. */
export function useGiveawaysWithId(
  giveaways: readonly GiveawayItem[] | null | undefined,
): GiveawayWithId[] {
  return useMemo(() => {
    const result: GiveawayWithId[] = [];
    for (const giveaway of giveaways ?? []) {
      if (giveaway.id == null) {
        console.warn('Skipping a giveaway without an id:', giveaway.title);
      } else {
        result.push(giveaway as GiveawayWithId);
      }
    }
    return result;
  }, [giveaways]);
}
