import type { PageOf } from '@site/contracts';
import { useCallback, useEffect, useState } from 'react';

export type PagedListState<T> =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; data: PageOf<T> };

/** Loads one page of an admin list and reloads when the page changes or on demand. */
export function usePagedList<T>(fetchPage: (page: number) => Promise<PageOf<T>>) {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PagedListState<T>>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    fetchPage(page)
      .then((data) => {
        if (current) setState({ kind: 'loaded', data });
      })
      .catch((error: unknown) => {
        if (current) {
          setState({
            kind: 'error',
            message: error instanceof Error ? error.message : 'Something went wrong.',
          });
        }
      });
    return () => {
      current = false;
    };
  }, [fetchPage, page, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, page, setPage, retry };
}
