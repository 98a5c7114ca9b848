import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from './form-fields';
import { RoleSchema } from './auth';

/** One staff account as `GET /staff/users` lists it (admins only). */
const StaffUserSchema = Type.Object({
  username: Type.String(),
  role: RoleSchema,
  /** ISO-8601 UTC. */
  created_at: Type.String(),
  /** ISO-8601 UTC; null when the account has never logged in. */
  last_login_at: Type.Union([Type.String(), Type.Null()]),
});
export type StaffUser = Static<typeof StaffUserSchema>;

/** An invitation that has not been used and has not expired. */
export const StaffInvitationSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: RoleSchema,
  invited_by: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
});
export type StaffInvitation = Static<typeof StaffInvitationSchema>;

export const StaffListResponseSchema = Type.Object({
  users: Type.Array(StaffUserSchema),
  invitations: Type.Array(StaffInvitationSchema),
});
export type StaffListResponse = Static<typeof StaffListResponseSchema>;

/** `POST /staff/invitations`: mails the address a single-use link valid for 72 hours. */
export const CreateInvitationRequestSchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH }),
    role: RoleSchema,
  },
  { additionalProperties: false },
);
export type CreateInvitationRequest = Static<typeof CreateInvitationRequestSchema>;

/** `POST /staff/invitations/check`: what an invitation link offers, before accepting it. */
export const InvitationTokenRequestSchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const InvitationInfoSchema = Type.Object({
  email: Type.String(),
  role: RoleSchema,
  expires_at: Type.String(),
});
export type InvitationInfo = Static<typeof InvitationInfoSchema>;

/**
 * `POST /staff/invitations/accept`: creates the account and signs the new member in (the answer
 * sets the session cookie, as a login does).
 */
export const AcceptInvitationRequestSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const AcceptInvitationResponseSchema = Type.Object({
  message: Type.String(),
  username: Type.String(),
  role: RoleSchema,
});
export type AcceptInvitationResponse = Static<typeof AcceptInvitationResponseSchema>;

/** `PATCH /staff/users/:username`. */
export const ChangeRoleRequestSchema = Type.Object(
  { role: RoleSchema },
  { additionalProperties: false },
);
