import crypto from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Role } from '@site/contracts';
import type { Database } from '../db/database';
import { dialectOf } from '../db/dialect';
import { hashPassword, passwordProblem } from './passwords';
import { endAllSessions } from './sessions';

const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;

export class AccountError extends Error {}

export function checkUsername(username: string) {
  if (!USERNAME_PATTERN.test(username)) {
    throw new AccountError(
      'A username is 3 to 50 characters: letters, digits, dot, dash or underscore.',
    );
  }
}

/**
 * Usernames are one name whatever their letter case: `BOSS` and `boss` are the same account
 * (a unique index on lower(username) holds it; migration 080). They are ASCII, so only A–Z fold.
 */
export function usernameKey(username: string): string {
  return username.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** The column expression usernames are compared by (the unique index's). */
export const usernameColumn = sql<string>`lower(username)`;

/** The account holding `username` in any letter case, if any. */
export function findUsername(db: Kysely<Database> | Transaction<Database>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(usernameColumn, '=', usernameKey(username))
    .executeTakeFirst();
}

/** What logging in needs of the account holding `username` in any letter case, if any. */
export function findLoginAccount(db: Kysely<Database>, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash'])
    .where(usernameColumn, '=', usernameKey(username))
    .executeTakeFirst();
}

/** Notes the moment of the account's latest successful login. */
export async function recordLogin(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** The stored password hash of the account named exactly `username`; throws when there is none. */
export async function passwordHashOf(db: Kysely<Database>, username: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/** The account's own e-mail address, or null when it has none (made on the command line). */
export async function accountEmail(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Does an account have this e-mail address? Addresses compare without regard to letter case. */
export async function isAccountEmail(db: Kysely<Database>, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', address.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Has the account logged in before from the network keyed `addressKey` (a keyed digest of the
 * address, IPv6 by its /64)?
 */
export async function knownLoginAddress(
  db: Kysely<Database>,
  userId: number,
  addressKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('address_key', '=', addressKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers that the account logged in from the network keyed `addressKey`, and when. */
export async function rememberLoginAddress(
  db: Kysely<Database>,
  userId: number,
  addressKey: string,
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('login_addresses')
    .values({ user_id: userId, address_key: addressKey, last_login_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'address_key']).doUpdateSet({ last_login_at: now }))
    .execute();
}

export function usernameTaken(wanted: string, existing: string): string {
  return wanted === existing
    ? `A user named "${wanted}" already exists.`
    : `The username "${wanted}" is taken: "${existing}" exists, and usernames differing only in letter case are the same name.`;
}

/** A unique index refused the row (two accounts made with one name at the same moment). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
}

/**
 * Adds an account made at `now` (its checks done by the caller); answers its id, username and
 * role. A name taken meanwhile fails as the unique index does (`isUniqueViolation`).
 */
export function insertUser(
  db: Kysely<Database>,
  user: { username: string; password_hash: string; role: Role; email?: string | null },
  now: string,
) {
  return db
    .insertInto('users')
    .values({ ...user, created_at: now, updated_at: now })
    .returning(['id', 'username', 'role'])
    .executeTakeFirstOrThrow();
}

export async function createUser(
  db: Kysely<Database>,
  username: string,
  password: string,
  role: Role,
) {
  checkUsername(username);
  checkPassword(password);
  const existing = await findUsername(db, username);
  if (existing) throw new AccountError(usernameTaken(username, existing.username));
  const now = new Date().toISOString();
  try {
    return await insertUser(
      db,
      { username, password_hash: await hashPassword(password), role },
      now,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUsername(db, username);
    throw new AccountError(usernameTaken(username, winner?.username ?? username));
  }
}

/**
 * Sets a new password and ends every session of the account, so whoever held an old one is out.
 * Returns the updated user, or undefined when there is no such user.
 */
export async function setPassword(db: Kysely<Database>, username: string, password: string) {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where('username', '=', username)
      .returning(['id', 'username', 'role'])
      .executeTakeFirst();
    if (user) await endAllSessions(trx, user.id);
    return user;
  });
}

/**
 * Runs `change` on the account in a transaction that first locks every admin row (PostgreSQL; on
 * SQLite a write transaction is already the only writer), so two admins removing or demoting each
 * other at the same moment cannot leave the site without one.
 */
async function withAdminsLocked<T>(
  db: Kysely<Database>,
  username: string,
  change: (
    trx: Transaction<Database>,
    user: { id: number; role: Role },
    adminCount: number,
  ) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    let admins = trx.selectFrom('users').select('id').where('role', '=', 'admin');
    if (dialectOf(trx) === 'postgres') admins = admins.forUpdate();
    const adminRows = await admins.execute();
    const user = await trx
      .selectFrom('users')
      .select(['id', 'role'])
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) throw new AccountError(`There is no user named "${username}".`);
    return change(trx, user, adminRows.length);
  });
}

/** Deletes the account; its sessions end with it. The last admin cannot be removed. */
export async function removeUser(db: Kysely<Database>, username: string): Promise<void> {
  await withAdminsLocked(db, username, async (trx, user, adminCount) => {
    if (user.role === 'admin' && adminCount <= 1)
      throw new AccountError(`"${username}" is the last admin; add another admin first.`);
    await endAllSessions(trx, user.id);
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}

/** Gives the account another role; it counts from the account's next request. */
export async function changeRole(
  db: Kysely<Database>,
  username: string,
  role: Role,
): Promise<void> {
  await withAdminsLocked(db, username, async (trx, user, adminCount) => {
    if (user.role === role) return;
    if (user.role === 'admin' && adminCount <= 1)
      throw new AccountError(
        `"${username}" is the last admin and must stay one; make someone else an admin first.`,
      );
    await trx
      .updateTable('users')
      .set({ role, updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
  });
}

export function listUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['username', 'role', 'created_at', 'last_login_at'])
    .orderBy('username')
    .execute();
}

export interface FirstAdminSettings {
  adminUsername: string | undefined;
  adminPassword: string | undefined;
}

/**
 * Makes sure an admin exists. The first one comes from ADMIN_USERNAME/ADMIN_PASSWORD; without a
 * password, a strong one is generated and handed to `announce` (once: it is stored only hashed).
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  settings: FirstAdminSettings,
  announce: (text: string) => void,
): Promise<'exists' | 'created' | 'generated'> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirst();
  if (admin) return 'exists';
  const username = settings.adminUsername ?? 'admin';
  const password = settings.adminPassword ?? crypto.randomBytes(18).toString('base64url');
  try {
    await createUser(db, username, password, 'admin');
  } catch (error) {
    // Another process starting at the same moment made it first.
    const made = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirst();
    if (made) return 'exists';
    throw error;
  }
  if (settings.adminPassword) return 'created';
  announce(
    [
      '',
      'Created the first admin account (this password is shown only once):',
      `  username: ${username}`,
      `  password: ${password}`,
      `Change it with: npm run user -- passwd ${username}`,
      '',
    ].join('\n'),
  );
  return 'generated';
}
