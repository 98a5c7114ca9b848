import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from './form-fields';
import { Page } from './pagination';

/**
 * The signup form's words, which the server records as what a subscriber agreed to: its own
 * copy, never text the client sends. The site's newsletter card shows exactly these words (its
 * test holds the two together; the card does not import them, to keep schemas out of the page).
 */
export const NEWSLETTER_CONSENT_TEXT =
  'Get weekly insights on building, integrating and securing AI agents, straight to your inbox. No spam, unsubscribe anytime.';

/**
 * `POST /newsletter/subscribe` (JSON). Double opt-in: the address gets a confirmation e-mail
 * whose link opens the site page `/newsletter/confirm?token=…`; that page calls
 * `GET /newsletter/confirm?token=…`. The answer is the same whether or not the address is known.
 * The consent record is the server's: NEWSLETTER_CONSENT_TEXT, and as its source the path of the
 * site page the request came from (its same-origin Referer), or `api` without one.
 */
export const NewsletterSubscribeRequestSchema = Type.Object(
  { email: Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type NewsletterSubscribeRequest = Static<typeof NewsletterSubscribeRequestSchema>;

/** Every newsletter answer is `{ message }`, a sentence to show the visitor. */
export const NewsletterMessageResponseSchema = Type.Object({ message: Type.String() });
export type NewsletterMessageResponse = Static<typeof NewsletterMessageResponseSchema>;

/**
 * `GET /newsletter/confirm?token=…`. 200 `{message}` when confirmed (or already confirmed by
 * this link); 400 `{detail}` when the link is unknown or expired.
 */
export const NewsletterConfirmQuerySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
});

/**
 * `POST /newsletter/unsubscribe` with JSON `{email}` or `{token}` (exactly one). The token comes
 * from a newsletter e-mail's link, which opens the site page `/newsletter/unsubscribe?token=…`,
 * and unsubscribes at once. An address only gets an e-mail with such a link (so nobody can
 * unsubscribe someone else). Same answer whether or not anything was subscribed.
 */
export const NewsletterUnsubscribeRequestSchema = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH })),
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type NewsletterUnsubscribeRequest = Static<typeof NewsletterUnsubscribeRequestSchema>;

/**
 * One-click unsubscribe for mail clients (RFC 8058): the `List-Unsubscribe` header points at
 * `POST /newsletter/unsubscribe/one-click?token=…`, posted form-encoded with the body
 * `List-Unsubscribe=One-Click`.
 */
export const NewsletterOneClickQuerySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
});
export const NewsletterOneClickBodySchema = Type.Object({
  'List-Unsubscribe': Type.Literal('One-Click'),
});

/** A confirmed subscriber as the admin inbox shows it (admin only). */
const NewsletterSubscriberSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  /** ISO-8601 UTC. */
  confirmed_at: Type.String(),
  consent_at: Type.String(),
  consent_source: Type.String(),
  consent_text: Type.String(),
});
export type NewsletterSubscriber = Static<typeof NewsletterSubscriberSchema>;

/**
 * Admin-only `GET /newsletter/subscribers?page=&per_page=` (confirmed only, newest first).
 * The same list as CSV: `GET /newsletter/subscribers.csv`.
 */
export const NewsletterSubscriberListResponseSchema = Page(NewsletterSubscriberSchema);
export type NewsletterSubscriberListResponse = Static<
  typeof NewsletterSubscriberListResponseSchema
>;
