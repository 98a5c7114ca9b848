import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import type { GiveawayItem } from './api/giveaway-fields';
import { giveawayListCache } from './list-cache';

export interface GiveawayListState {
  giveaways: GiveawayItem[] | null;
  loading: boolean;
  error: unknown;
}

/**
 * The public list for /giveaway, from one GET /giveaway through the API client, so the page's
 * first paint of the list waits for no GraphQL machinery: Apollo Client, graphql and the REST
 * link (about 260 KB of script) load with the other giveaway pages, not with this one. When one
 * of them has already run in this tab, the list they cached shows at once, and the fresh answer
 * is written back to that cache (see list-cache.ts).
 */
export function useGiveawayList(): GiveawayListState {
  const [state, setState] = useState<GiveawayListState>(() => {
    const cached = giveawayListCache()?.read() ?? null;
    return { giveaways: cached, loading: cached === null, error: null };
  });

  useEffect(() => {
    const controller = new AbortController();
    api.get<GiveawayItem[]>('/giveaway', { signal: controller.signal }).then(
      (giveaways) => {
        if (controller.signal.aborted) return;
        giveawayListCache()?.write(giveaways);
        setState({ giveaways, loading: false, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ giveaways: null, loading: false, error });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
