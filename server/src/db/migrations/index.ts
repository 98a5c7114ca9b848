import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001-users';

/**
 * Every migration, in order. Listed statically (not read from the folder) so the same list works
 * from TypeScript in tests and from compiled JavaScript in production. Names never change once
 * released; add new ones at the end.
 */
const migrations: Record<string, Migration> = {
  '001-users': m001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
