import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement; the app uses a few dozen. */
const DEFAULT_CAPACITY = 256;

export interface CachingSqliteDatabase extends KyselySqliteDatabase {
  /** Forgets every cached statement (after migrations, so none outlives a schema change). */
  clearStatements(): void;
}

/**
 * The SQLite handle Kysely sees, with prepared statements reused per SQL text. Kysely prepares
 * every query afresh: 6–14 % of the giveaway routes' CPU time under load, more than running the
 * query itself on GET /giveaway/{id}. A better-sqlite3 statement is safe to reuse here: Kysely
 * runs one query at a time on this single connection, and each call binds its own parameters.
 * Least recently used texts are dropped beyond `capacity`, so queries whose SQL varies (e.g.
 * `in (…)` lists) cannot grow the cache without bound.
 */
export function cachingStatements(
  sqlite: SqliteDatabase.Database,
  capacity = DEFAULT_CAPACITY,
): CachingSqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        // Re-inserted so the Map's order stays least recently used first.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= capacity) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
    clearStatements() {
      statements.clear();
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
