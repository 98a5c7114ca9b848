import { useMutation } from '@apollo/client';
import type { ReinstatePayload } from '@site/contracts';
import { postMutation } from './post-mutation';

/** POST /giveaway/{id}/reinstate (admin): undoes disqualifications before the freeze. */
export const REINSTATE_MUTATION = postMutation<'reinstate', ReinstatePayload>(
  'Reinstate',
  'reinstate',
  'ReinstatePayload',
  '/giveaway/{args.id}/reinstate',
);

export function useReinstate() {
  return useMutation(REINSTATE_MUTATION);
}
