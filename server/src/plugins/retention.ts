import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { applyRetention } from '../services/retention';
import { repeatWhileOpen } from '../lib/repeating-task';

/** The first run waits this long after start, then one runs every `RUN_EVERY_MS`. */
const FIRST_RUN_MS = 60_000;
const RUN_EVERY_MS = 60 * 60_000;

/**
 * Runs the retention schedule (services/retention.ts) by itself: a minute after start, then
 * hourly, in one process at a time (the others skip while it holds the lock).
 */
export default fp(
  async function retention(app: FastifyInstance) {
    const run = async () => {
      const release = await app.tryLock('retention');
      if (!release) return;
      try {
        const outcome = await applyRetention(app.db, app.config.retention, new Date());
        app.log.info({ retention: outcome }, 'retention schedule ran');
      } catch (error) {
        app.log.error({ err: error }, 'retention schedule failed; it runs again in an hour');
      } finally {
        await release();
      }
    };
    repeatWhileOpen(app, { firstMs: FIRST_RUN_MS, everyMs: RUN_EVERY_MS, run });
  },
  { name: 'retention', dependencies: ['db'] },
);
