import { useContext, useEffect, useState } from 'react';
import type { GiveawayItem } from './api/giveaway-fields';
import { giveawayListCache } from './list-cache';
import { forgetServedList, readServedList, ServedListContext } from './served-list';

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
 *
 * When the server drew the list into the page (served-list.ts), the first render shows that list,
 * exactly as the server did, and no request is made: the server's copy is as fresh as the API's.
 * The API client is imported only when a request is made, so the list's code that the server
 * runs to draw it holds no request code.
 */
export function useGiveawayList(): GiveawayListState {
  const servedOnServer = useContext(ServedListContext);
  const [served] = useState(() => servedOnServer ?? readServedList());
  const [state, setState] = useState<GiveawayListState>(() => {
    if (served) return { giveaways: served, loading: false, error: null };
    const cached = giveawayListCache()?.read() ?? null;
    return { giveaways: cached, loading: cached === null, error: null };
  });

  useEffect(() => {
    if (served) {
      forgetServedList();
      giveawayListCache()?.write(served);
      return;
    }
    const controller = new AbortController();
    import('@/lib/api-client')
      .then(({ api }) => api.get<GiveawayItem[]>('/giveaway', { signal: controller.signal }))
      .then(
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
  }, [served]);

  return state;
}
