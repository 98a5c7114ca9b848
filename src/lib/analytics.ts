/**
 * The one place the site reports analytics events. No tracking script is bundled: when the page
 * has gtag (Google tag) it gets the event; otherwise, when a Tag Manager dataLayer exists, the
 * event is pushed there; otherwise nothing happens. Only one of the two is used because gtag
 * itself writes to dataLayer, and doing both would count every event twice.
 */

export type AnalyticsParams = Record<string, string | number | boolean>;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (command: 'event', eventName: string, params: AnalyticsParams) => void;
  }
}

export function track(event: string, params: AnalyticsParams = {}): void {
  if (typeof window === 'undefined') return;
  if (typeof window.gtag === 'function') {
    window.gtag('event', event, params);
    return;
  }
  if (Array.isArray(window.dataLayer)) {
    window.dataLayer.push({ event, ...params });
  }
}
