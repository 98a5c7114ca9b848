import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '@site/contracts';
import type { Database } from '../db/database';
import {
  AccountError,
  checkPassword,
  checkUsername,
  findUsername,
  insertUser,
  isUniqueViolation,
  usernameTaken,
} from './accounts';
import type { Mailer } from './mail';
import { hashToken } from './newsletter/subscriptions';
import { hashPassword } from './passwords';

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 72;

export class InvitationError extends Error {}

export const INVITATION_INVALID =
  'This invitation link is not valid. Ask an admin to send you a new one.';
export const INVITATION_USED =
  'This invitation has already been used. Log in, or ask an admin for a new invitation.';
export const INVITATION_EXPIRED =
  'This invitation has expired (links work for 72 hours). Ask an admin to send you a new one.';

export interface InvitationContext {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Public base URL of the site, without a trailing slash. */
  publicUrl: string;
}

/**
 * Makes a single-use invitation for the address with the given role and mails it the link. An
 * earlier, unused invitation to the same address stops working: only the newest link counts.
 */
export async function createInvitation(
  ctx: InvitationContext,
  input: { email: string; role: Role; invitedBy: string },
) {
  const email = input.email.trim().toLowerCase();
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000).toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('staff_invitations')
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .execute();
    return trx
      .insertInto('staff_invitations')
      .values({
        email,
        role: input.role,
        token_hash: hashToken(token),
        invited_by: input.invitedBy,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .returning(['id', 'email', 'role', 'invited_by', 'created_at', 'expires_at'])
      .executeTakeFirstOrThrow();
  });
  const link = `${ctx.publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  const article = input.role === 'admin' ? 'an admin' : 'an editor';
  await ctx.mailer.send({
    to: email,
    subject: 'You are invited to the AgentWorks website',
    text: [
      'Hello,',
      '',
      `${input.invitedBy} invited you to the AgentWorks website as ${article}.`,
      'To accept, open this link and choose your username and password:',
      '',
      link,
      '',
      `The link works once and expires in ${INVITATION_TTL_HOURS} hours. If you did not expect this, ignore this e-mail.`,
    ].join('\n'),
    secrets: [token],
  });
  return row;
}

/** The invitation behind a token, checked: unknown, used and expired links each say so. */
export async function findInvitation(db: Kysely<Database>, token: string) {
  const row = await db
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'role', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new InvitationError(INVITATION_INVALID);
  if (row.used_at) throw new InvitationError(INVITATION_USED);
  if (row.expires_at <= new Date().toISOString()) throw new InvitationError(INVITATION_EXPIRED);
  return row;
}

/**
 * Creates the account an invitation offers, with the username and password its holder chose,
 * and uses the invitation up in the same transaction: a link makes one account, however many
 * times or how quickly it is sent.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  input: { token: string; username: string; password: string },
) {
  checkUsername(input.username);
  checkPassword(input.password);
  const invitation = await findInvitation(db, input.token);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const claimed = await trx
      .updateTable('staff_invitations')
      .set({ used_at: now, used_by: input.username })
      .where('id', '=', invitation.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new InvitationError(INVITATION_USED);
    const taken = await findUsername(trx, input.username);
    if (taken) {
      throw new AccountError(
        taken.username === input.username
          ? `The username "${input.username}" is taken; choose another.`
          : `${usernameTaken(input.username, taken.username).replace(/\.$/, '')}; choose another.`,
      );
    }
    try {
      return await insertUser(
        trx,
        {
          username: input.username,
          password_hash: passwordHash,
          role: invitation.role,
          email: invitation.email,
        },
        now,
      );
    } catch (error) {
      // Another account took the name (in some letter case) at the same moment; the link stays
      // unused, as this transaction is undone.
      if (!isUniqueViolation(error)) throw error;
      throw new AccountError(`The username "${input.username}" is taken; choose another.`);
    }
  });
}

/** Invitations not yet used and not expired, newest first. */
export function listOpenInvitations(db: Kysely<Database>) {
  return db
    .selectFrom('staff_invitations')
    .select(['id', 'email', 'role', 'invited_by', 'created_at', 'expires_at'])
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Withdraws an unused invitation; its link stops working. False when there was none. */
export async function revokeInvitation(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('staff_invitations')
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
