import type {
  NewsletterMessageResponse,
  NewsletterSubscribeRequest,
  NewsletterUnsubscribeRequest,
} from '@site/contracts';
import { api } from '@/lib/api-client';

export function subscribeToNewsletter(body: NewsletterSubscribeRequest) {
  return api.post<NewsletterMessageResponse>('/newsletter/subscribe', body);
}

/** The link in the confirmation e-mail carries a single-use token; a 400 means unknown or expired. */
export function confirmSubscription(token: string) {
  return api.get<NewsletterMessageResponse>(
    `/newsletter/confirm?token=${encodeURIComponent(token)}`,
    // Visitors have no session here; a stray 401 must not bounce them to /login.
    { authRedirect: false },
  );
}

export function unsubscribeFromNewsletter(body: NewsletterUnsubscribeRequest) {
  return api.post<NewsletterMessageResponse>('/newsletter/unsubscribe', body, {
    authRedirect: false,
  });
}
