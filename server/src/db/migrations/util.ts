import { type ColumnDefinitionBuilder, sql } from 'kysely';
import type { Dialect } from '../dialect';

export { dialectOf, type Dialect } from '../dialect';

/** An auto-incrementing integer primary key in either dialect. */
export function idColumnType(dialect: Dialect) {
  return dialect === 'postgres' ? sql`serial` : sql`integer`;
}

export function idColumn(dialect: Dialect) {
  return (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
}
