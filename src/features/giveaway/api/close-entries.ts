import { useMutation } from '@apollo/client';
import { postMutation } from './post-mutation';

/** POST /giveaway/{id}/close (admin): close entries for good; the list is frozen. */
export const CLOSE_ENTRIES_MUTATION = postMutation<'closeEntries', Record<string, never>>(
  'CloseEntries',
  'closeEntries',
  'CloseEntriesPayload',
  '/giveaway/{args.id}/close',
);

export function useCloseEntries() {
  return useMutation(CLOSE_ENTRIES_MUTATION);
}
