import type { ClaimLinkState } from '@site/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /giveaway/{id}/claim/status (public): what a winner's claim link stands for now, asked
 * before the claim form is shown. A POST keeps the token out of addresses and logs.
 */
export function claimLinkState(id: string, token: string): Promise<ClaimLinkState> {
  return api.post<ClaimLinkState>(`/giveaway/${encodeURIComponent(id)}/claim/status`, { token });
}
