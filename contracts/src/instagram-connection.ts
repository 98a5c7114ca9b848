import { Type, type Static } from '@sinclair/typebox';

/** How the owner's Instagram professional account was connected. */
export const InstagramLoginSchema = Type.Union([
  Type.Literal('instagram'),
  Type.Literal('facebook'),
]);

/** `GET /instagram/connection` (admin): the connected account, never its token. */
export const InstagramConnectionSchema = Type.Union([
  Type.Object({ connected: Type.Literal(false) }),
  Type.Object({
    connected: Type.Literal(true),
    login: InstagramLoginSchema,
    username: Type.String(),
    account_id: Type.String(),
    /** The Facebook Page the account is linked to (Facebook Login); null otherwise. */
    page_id: Type.Union([Type.String(), Type.Null()]),
    /** ISO-8601 UTC: when the stored token was obtained (connected or last renewed). */
    obtained_at: Type.String(),
    /** ISO-8601 UTC; null for a token that does not expire. */
    expires_at: Type.Union([Type.String(), Type.Null()]),
    state: Type.Object({
      kind: Type.Union([Type.Literal('valid'), Type.Literal('expiring'), Type.Literal('expired')]),
      expires_at: Type.Union([Type.String(), Type.Null()]),
      /** "Valid until 2027-01-31", "Expiring on …" (within 7 days), "Expired on …". */
      label: Type.String(),
    }),
    /** The username of the admin who connected it. */
    connected_by: Type.String(),
    connected_at: Type.String(),
    /** The last renewal attempt (by hand or automatic) and why it failed; null when it did not. */
    last_refresh_at: Type.Union([Type.String(), Type.Null()]),
    last_refresh_error: Type.Union([Type.String(), Type.Null()]),
  }),
]);
export type InstagramConnection = Static<typeof InstagramConnectionSchema>;

/** `PUT /instagram/connection` (admin): a token to check with the platform and store sealed. */
export const ConnectInstagramRequestSchema = Type.Object(
  {
    login: InstagramLoginSchema,
    /** The access token as the platform shows it; never answered back or logged. */
    token: Type.String({ minLength: 1, maxLength: 4096 }),
    /** Facebook Login: the Page the Instagram account is linked to (digits). */
    page_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** When the token ends, if known (ISO-8601); otherwise 60 days from now (a long-lived token). */
    expires_at: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type ConnectInstagramRequest = Static<typeof ConnectInstagramRequestSchema>;
