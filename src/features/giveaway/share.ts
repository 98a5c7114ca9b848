import { inAppBrowserHere } from '@/lib/in-app-browser';
import { type KeptEntry, referralLink } from './kept-entry';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * The device's share sheet when there is one, otherwise the clipboard. `copyText` is what goes
 * to the clipboard (the URL for a giveaway, the announcement for a winner). In Instagram's and
 * Facebook's in-app browsers the link is always copied: their share sheet fails or opens another
 * view over the page.
 */
export async function shareOrCopy(
  data: { title: string; text?: string; url: string },
  copyText: string,
): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function' && !inAppBrowserHere()) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Some browsers expose share() but refuse it (insecure context, no handler): fall through.
    }
  }
  try {
    await navigator.clipboard.writeText(copyText);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/**
 * The address a giveaway's Share button hands out: the entrant's own personal link once this
 * browser has entered (and referrals are on), otherwise the giveaway's own address. Never the
 * address bar, which for a visitor who came through a friend's link is the friend's referral link.
 */
export function giveawayShareAddress(
  origin: string,
  giveawayId: string,
  kept: Pick<KeptEntry, 'referral_code'> | null,
  referralCap: number,
): string {
  if (kept?.referral_code && referralCap > 0)
    return referralLink(origin, giveawayId, kept.referral_code);
  return `${origin}/giveaway/${encodeURIComponent(giveawayId)}`;
}
