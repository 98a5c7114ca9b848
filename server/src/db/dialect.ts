import type { DialectAdapter, Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The dialect each open database was opened with, recorded by `connect()`, which chose it from
 * DATABASE_URL. Keyed by the Kysely adapter, which a database shares with its transactions,
 * connections and plugin-wrapped views.
 */
const opened = new WeakMap<DialectAdapter, Dialect>();

/** Called by `connect()` once it has opened `db`. */
export function recordDialect(db: Pick<Kysely<unknown>, 'getExecutor'>, dialect: Dialect): void {
  opened.set(db.getExecutor().adapter, dialect);
}

/**
 * The dialect `connect()` opened this database (or a transaction of it) with, for the few
 * statements that differ between SQLite and PostgreSQL.
 */
export function dialectOf(db: Pick<Kysely<unknown>, 'getExecutor'>): Dialect {
  const dialect = opened.get(db.getExecutor().adapter);
  if (!dialect)
    throw new Error('This database was not opened by connect(): its dialect is unknown.');
  return dialect;
}
