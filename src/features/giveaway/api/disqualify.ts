import { useMutation } from '@apollo/client';
import type { DisqualifyPayload } from '@site/contracts';
import { postMutation } from './post-mutation';

/** POST /giveaway/{id}/disqualify (admin): before the freeze, with a published reason. */
export const DISQUALIFY_MUTATION = postMutation<'disqualify', DisqualifyPayload>(
  'Disqualify',
  'disqualify',
  'DisqualifyPayload',
  '/giveaway/{args.id}/disqualify',
);

export function useDisqualify() {
  return useMutation(DISQUALIFY_MUTATION);
}
