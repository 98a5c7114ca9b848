import type { OwnerClaim } from '@site/contracts';

/** Who a claim line is about: the place when the giveaway has several, and the winner's handle. */
function whoOf(claim: OwnerClaim, places: number): string {
  const place = places > 1 ? `Place ${claim.place}` : 'Winner';
  const handle = claim.instagram_handle ? ` @${claim.instagram_handle}` : ' (entry erased)';
  return `${place}, round ${claim.round}:${handle}`;
}

/** Where a drawn winner's claim stands, as the owner's list words it. */
export function claimStateText(claim: OwnerClaim): string {
  switch (claim.state) {
    case 'claimed':
      return 'claimed';
    case 'expired':
      return claim.claim_deadline_text
        ? `expired: not claimed by ${claim.claim_deadline_text}`
        : 'expired';
    case 'redrawn':
      return 're-drawn: the claim period ended and the place was drawn again';
    case 'disqualified':
      return 'disqualified: the place was drawn again';
    default:
      return claim.claim_deadline_text
        ? `waiting for the claim until ${claim.claim_deadline_text}`
        : 'waiting for the claim';
  }
}

/** One line per drawn winner, by place and then round: who, and where the claim stands. */
export function claimLines(
  claims: readonly OwnerClaim[],
  places: number,
): { key: string; who: string; state: OwnerClaim['state']; text: string }[] {
  return claims.map((claim) => ({
    key: `${claim.place}-${claim.round}`,
    who: whoOf(claim, places),
    state: claim.state,
    text: claimStateText(claim),
  }));
}
