import type { DraftPreview } from '@site/contracts';
import { useEffect, useState } from 'react';
import { draftsApi } from '../api/drafts-api';

export const PREVIEW_DELAY_MS = 300;

export type PreviewState =
  | { kind: 'loading' }
  | { kind: 'ready'; preview: DraftPreview; stale: boolean }
  | { kind: 'failed'; message: string };

/**
 * The body compiled by the server's publishing pipeline (POST /drafts/preview), so the preview is
 * exactly what the built page will show. Asked for a moment after typing stops; while a newer
 * body is on its way the last answer stays on screen, marked stale. Answers that arrive out of
 * order are dropped.
 */
export function usePreview(body: string, cover = ''): PreviewState {
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.kind === 'ready' ? { ...current, stale: true } : current));
    const timer = window.setTimeout(() => {
      draftsApi
        .preview(body, controller.signal, cover || undefined)
        .then((preview) => setState({ kind: 'ready', preview, stale: false }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState({
            kind: 'failed',
            message: error instanceof Error ? error.message : 'The preview could not be made.',
          });
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [body, cover]);
  return state;
}
