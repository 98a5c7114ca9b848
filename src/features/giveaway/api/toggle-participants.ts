import { useMutation } from '@apollo/client';
import type { ToggleParticipantsPayload } from '@site/contracts';
import { postMutation } from './post-mutation';

/** POST /giveaway/{id}/toggle-participants (admin): open or close entries. */
export const TOGGLE_PARTICIPANTS_MUTATION = postMutation<
  'toggleParticipants',
  ToggleParticipantsPayload
>(
  'ToggleParticipants',
  'toggleParticipants',
  'ToggleParticipantsPayload',
  '/giveaway/{args.id}/toggle-participants',
);

export function useToggleParticipants() {
  return useMutation(TOGGLE_PARTICIPANTS_MUTATION);
}
