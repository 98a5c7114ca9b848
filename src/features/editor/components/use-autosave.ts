import type { Draft, DraftWrite } from '@site/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { draftsApi, fieldErrorsOf } from '../api/drafts-api';

export type SaveStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'error';

export const AUTOSAVE_DELAY_MS = 800;

interface Options {
  /** The draft being edited, or null on /blog/new until the first save creates it. */
  initialId: number | null;
  /** Called with every answer of the server (slug, problems, updated_at). */
  onSaved: (draft: Draft) => void;
}

/**
 * Saves the latest form a moment after the last edit, one request at a time: edits made while a
 * save is on its way are sent by the next one, so the server always ends with the newest text.
 */
export function useAutosave({ initialId, onSaved }: Options) {
  const [status, setStatus] = useState<SaveStatus>(initialId ? 'saved' : 'idle');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [id, setId] = useState<number | null>(initialId);

  const idRef = useRef(initialId);
  const latest = useRef<DraftWrite | null>(null);
  const version = useRef(0);
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const mounted = useRef(true);

  const save = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    const payload = latest.current;
    if (busy.current || !payload) return;
    const sent = version.current;
    busy.current = true;
    setStatus('saving');
    try {
      const current = idRef.current;
      const draft = current
        ? await draftsApi.save(current, payload)
        : await draftsApi.create(payload);
      if (!mounted.current) return;
      if (!current) {
        idRef.current = draft.id;
        setId(draft.id);
        // The page becomes the draft's own address without remounting the editor.
        window.history.replaceState(window.history.state, '', `/admin/drafts/${draft.id}`);
      }
      setError(null);
      setFieldErrors({});
      onSavedRef.current(draft);
      setStatus(version.current === sent ? 'saved' : 'dirty');
    } catch (cause) {
      if (!mounted.current) return;
      setFieldErrors(fieldErrorsOf(cause));
      setError(cause instanceof Error ? cause.message : 'The draft could not be saved.');
      setStatus('error');
      return;
    } finally {
      busy.current = false;
    }
    if (version.current !== sent) void save();
  }, []);

  const change = useCallback(
    (next: DraftWrite) => {
      latest.current = next;
      version.current += 1;
      setStatus((previous) => (previous === 'saving' ? previous : 'dirty'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    },
    [save],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  return { id, status, error, fieldErrors, change, saveNow: save };
}
