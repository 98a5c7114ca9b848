import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '@site/contracts';
import type { Database } from '../db/database';

/** A session's last-used time is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

const USER_AGENT_MAX = 300;

export interface SessionUser {
  sessionId: string;
  id: number;
  username: string;
  role: Role;
}

/** Starts a session (one login) and drops the expired sessions of every account. */
export async function startSession(
  db: Kysely<Database>,
  userId: number,
  userAgent: string | undefined,
  ttlSeconds: number,
): Promise<{ id: string; expiresAt: string }> {
  const now = new Date();
  const nowIso = now.toISOString();
  const id = crypto.randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: nowIso,
      last_used_at: nowIso,
      expires_at: expiresAt,
      user_agent: (userAgent ?? '').slice(0, USER_AGENT_MAX),
    })
    .execute();
  return { id, expiresAt };
}

/**
 * The account behind a live session, read afresh on every request so that an ended session, a
 * removed account or a changed role counts at once. Marks the session used (at most once a
 * minute).
 */
export async function findSession(
  db: Kysely<Database>,
  sessionId: string,
  userId: number,
): Promise<SessionUser | undefined> {
  const now = new Date();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at',
      'users.id',
      'users.username',
      'users.role',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const staleBefore = new Date(now.getTime() - TOUCH_EVERY_MS).toISOString();
  if (row.last_used_at < staleBefore) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', sessionId)
      .where('last_used_at', '<', staleBefore)
      .execute();
  }
  return { sessionId: row.session_id, id: row.id, username: row.username, role: row.role };
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of the account (log out everywhere, password change). Returns how many. */
export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The account's live sessions, most recently used first. */
export function listSessions(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}
