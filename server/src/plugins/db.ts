import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connect';
import type { Database } from '../db/database';
import type { Dialect } from '../db/dialect';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    /** A lock only one process at a time holds (see Db.tryLock). */
    tryLock: Db['tryLock'];
  }
}

/** Exposes the already-connected database on the app and closes it when the app closes. */
export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { connection: Db }) {
    app.decorate('db', opts.connection.db);
    app.decorate('dialect', opts.connection.dialect);
    app.decorate('tryLock', opts.connection.tryLock);
    app.addHook('onClose', async () => {
      await opts.connection.close();
    });
  },
  { name: 'db' },
);
