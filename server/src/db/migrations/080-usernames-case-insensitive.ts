import { type Kysely, sql } from 'kysely';

/**
 * Usernames are unique without regard to letter case: `BOSS` beside `boss` would be two accounts
 * that look like one to a person. A unique index on lower(username) holds the rule in both
 * dialects (usernames are ASCII letters, digits and `._-`, which lower() folds the same way in
 * SQLite and PostgreSQL).
 *
 * A database that already holds such a pair is not changed: the migration stops, names every
 * pair and says how to resolve it, and the server does not start until someone has decided which
 * account keeps the name. Nothing is renamed or deleted behind anyone's back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ username: string }>`select username from users order by id`.execute(
    db,
  );
  const byLower = new Map<string, string[]>();
  for (const { username } of rows) {
    const key = username.toLowerCase();
    byLower.set(key, [...(byLower.get(key) ?? []), username]);
  }
  const clashes = [...byLower.values()].filter((names) => names.length > 1);
  if (clashes.length > 0) {
    const listed = clashes.map((names) => names.map((name) => `"${name}"`).join(' and '));
    const [first] = clashes[0] ?? [];
    throw new Error(
      `usernames must differ in more than letter case, but these accounts do not: ${listed.join('; ')}. Nothing was changed. Decide which account keeps each name and rename or remove the others in the database (for example: UPDATE users SET username = '${first}-2' WHERE username = '${first}';), then start the server again.`,
    );
  }
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_username_lower`.execute(db);
}
