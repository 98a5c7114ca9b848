import { useMutation } from '@apollo/client';
import type { ArchivePayload } from '@site/contracts';
import { postMutation } from './post-mutation';

/** POST /giveaway/{id}/archive (admin): hide from (or show again in) the public list. */
export const ARCHIVE_GIVEAWAY_MUTATION = postMutation<'archiveGiveaway', ArchivePayload>(
  'ArchiveGiveaway',
  'archiveGiveaway',
  'ArchivePayload',
  '/giveaway/{args.id}/archive',
);

export function useArchiveGiveaway() {
  return useMutation(ARCHIVE_GIVEAWAY_MUTATION);
}
