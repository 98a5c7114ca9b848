import type { Draft } from '@site/contracts';
import { useEffect, useState } from 'react';
import { draftsApi } from '../api/drafts-api';

export type DraftLoad =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; draft: Draft };

/**
 * Loads one draft for the editor and the full preview; `none` when there is no id (a new post, or
 * an address that names none). Each screen words a failure its own way. An answer that arrives
 * after the screen has gone is dropped.
 */
export function useDraft(draftId: number | null): DraftLoad {
  const [state, setState] = useState<DraftLoad>(draftId ? { kind: 'loading' } : { kind: 'none' });
  useEffect(() => {
    if (!draftId) return undefined;
    let current = true;
    draftsApi
      .get(draftId)
      .then((draft) => current && setState({ kind: 'ready', draft }))
      .catch((error: unknown) => current && setState({ kind: 'failed', error }));
    return () => {
      current = false;
    };
  }, [draftId]);
  return state;
}
