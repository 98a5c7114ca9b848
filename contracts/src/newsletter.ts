import { Type, type Static } from '@sinclair/typebox';
import { Page } from './pagination';

/**
 * `POST /newsletter/subscribe` (JSON). Double opt-in: the address gets a confirmation e-mail
 * whose link opens the site page `/newsletter/confirm?token=…`; that page calls
 * `GET /newsletter/confirm?token=…`. The answer is the same whether or not the address is known.
 * `source` is the page the visitor subscribed from (e.g. `/blog/some-post`) and `consent_text` the
 * sentence shown next to the button; both are recorded as proof of consent.
 */
export const NewsletterSubscribeRequestSchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    source: Type.Optional(Type.String({ maxLength: 300 })),
    consent_text: Type.Optional(Type.String({ maxLength: 500 })),
  },
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
export type NewsletterConfirmQuery = Static<typeof NewsletterConfirmQuerySchema>;

/**
 * `POST /newsletter/unsubscribe` with JSON `{email}` or `{token}` (exactly one). The token comes
 * from a newsletter e-mail's link, which opens the site page `/newsletter/unsubscribe?token=…`.
 * Same answer whether or not anything was subscribed.
 */
export const NewsletterUnsubscribeRequestSchema = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
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
export const NewsletterSubscriberSchema = Type.Object({
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
