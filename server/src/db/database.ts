import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings in both dialects, so they sort as text and
 * map to the API without conversion. Booleans are stored as integers 0/1 (SQLite has no boolean).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: 'admin' | 'editor';
  /** Bumped on logout and password change; tokens carry it and are refused when it differs. */
  token_version: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
