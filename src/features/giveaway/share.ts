import { inAppBrowserHere } from '@/lib/in-app-browser';

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
