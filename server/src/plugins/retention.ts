import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { applyRetention } from '../services/retention';

/** The first run waits this long after start, then one runs every `RUN_EVERY_MS`. */
const FIRST_RUN_MS = 60_000;
const RUN_EVERY_MS = 60 * 60_000;

/**
 * Runs the retention schedule (services/retention.ts) by itself: a minute after start, then
 * hourly, in one process at a time (the others skip while it holds the lock).
 */
export default fp(
  async function retention(app: FastifyInstance) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | null = null;
    let closed = false;
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
    const schedule = (ms: number) => {
      if (closed) return;
      timer = setTimeout(() => {
        running = run().finally(() => {
          running = null;
          schedule(RUN_EVERY_MS);
        });
      }, ms);
      timer.unref();
    };
    app.addHook('onReady', async () => schedule(FIRST_RUN_MS));
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'retention', dependencies: ['db'] },
);
