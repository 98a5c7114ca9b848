import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Dialect of a Kysely instance, read from the adapter so migrations can branch on it. */
export function dialectOf(db: Pick<Kysely<unknown>, 'getExecutor'>): Dialect {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres')
    ? 'postgres'
    : 'sqlite';
}

/** An auto-incrementing integer primary key in either dialect. */
export function idColumnType(dialect: Dialect) {
  return dialect === 'postgres' ? sql`serial` : sql`integer`;
}

export function idColumn(dialect: Dialect) {
  return (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
}
