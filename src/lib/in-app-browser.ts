/**
 * Instagram's and Facebook's in-app browsers, told by their user agent ("Instagram 312.0…",
 * "[FBAN/FBIOS;…", "FB_IAB/FB4A;FBAV/…", Messenger's "FBAN/MessengerForiOS"). Their share sheet
 * is unreliable, pop-ups are blocked or open a second in-app view, and what a page keeps in
 * storage is forgotten when the view is closed.
 */
const IN_APP = /\bInstagram\b|\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bFB4A\b/;

export function isInAppBrowser(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && IN_APP.test(userAgent);
}

/** Whether this page runs in such a browser (false where there is no browser). */
export function inAppBrowserHere(): boolean {
  return typeof navigator !== 'undefined' && isInAppBrowser(navigator.userAgent);
}
