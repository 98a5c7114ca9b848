import { Type, type Static } from '@sinclair/typebox';

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
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** A signed bearer token; send it as `Authorization: Bearer <access_token>`. */
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
});
export type MeResponse = Static<typeof MeResponseSchema>;

/**
 * `POST /auth/password` (logged in): changes the caller's password. Every earlier token stops
 * working at once; the answer carries a fresh token (LoginResponse).
 */
export const ChangePasswordRequestSchema = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 200 }),
    new_password: Type.String({ minLength: 10, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;
