import { Type, type Static } from '@sinclair/typebox';
import { ItemList } from './pagination';

export const RoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('editor')]);
export type Role = Static<typeof RoleSchema>;

/**
 * `POST /auth/login`, sent form-encoded (`application/x-www-form-urlencoded`) as the site does;
 * JSON with the same fields is accepted too.
 */
export const LoginRequestSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

/**
 * A signed token for API clients; send it as `Authorization: Bearer <access_token>`. Browsers
 * get the same session in an HttpOnly cookie with the answer and never need to read this.
 */
export const LoginResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  /** Seconds until the token expires. */
  expires_in: Type.Integer({ minimum: 1 }),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;

/** `GET /auth/me`: who the token belongs to. The site trusts this role, not local storage. */
export const MeResponseSchema = Type.Object({
  username: Type.String(),
  role: RoleSchema,
  /** The account's e-mail address, when it has one. */
  email: Type.Optional(Type.String()),
});
export type MeResponse = Static<typeof MeResponseSchema>;

/**
 * `POST /auth/password` (logged in): changes the caller's password. Every session of the account
 * ends at once; the answer starts a fresh one for the caller (LoginResponse, and the cookie).
 */
export const ChangePasswordRequestSchema = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 200 }),
    new_password: Type.String({ minLength: 10, maxLength: 200 }),
  },
  { additionalProperties: false },
);

/** One login of the current account, as `GET /auth/sessions` lists it. */
const SessionSchema = Type.Object({
  /** Not a credential: it only names the session. */
  id: Type.String(),
  /** ISO-8601 UTC. */
  created_at: Type.String(),
  /** Updated at most once a minute. */
  last_used_at: Type.String(),
  expires_at: Type.String(),
  user_agent: Type.String(),
  /** True for the session this request was made in. */
  current: Type.Boolean(),
});
export type Session = Static<typeof SessionSchema>;

export const SessionListResponseSchema = ItemList(SessionSchema);
export type SessionListResponse = Static<typeof SessionListResponseSchema>;
