import path from 'node:path';
import { POST_MEDIA_DIR } from '../services/images/post-media';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { todayIn } from '../lib/dates';
import { publishDue, type ScheduleContext } from '../services/drafts/schedule';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled publishing: the clock it reads and one look for due drafts. */
    publishScheduler: PublishScheduler;
  }
}

export interface PublishScheduler {
  /** The time scheduling reads (the real clock unless the app was built with another). */
  now(): Date;
  /** The schedule context for a request or a look, at this moment. */
  context(): ScheduleContext;
  /** Publishes the drafts that are due now; resolves to the ids this process published. */
  tick(): Promise<number[]>;
}

export interface PublishSchedulerOptions {
  /** Replaces the real clock (tests move time with it). */
  clock?: () => Date;
}

/**
 * Every server process looks for due drafts every PUBLISH_SCHEDULE_CHECK_SECONDS (and once when it
 * starts, so a schedule that fell due while no process ran goes out at once). The database claim
 * in publishDue makes each scheduled draft publish once, whichever process looks first.
 */
export default fp<PublishSchedulerOptions>(
  async function publishScheduler(app: FastifyInstance, options) {
    const { config } = app;
    const now = options.clock ?? (() => new Date());
    let running: Promise<number[]> | null = null;
    let timer: NodeJS.Timeout | null = null;
    let closed = false;

    const context = (): ScheduleContext => {
      const at = now();
      return {
        db: app.db,
        contentDir: config.contentDir,
        uploadsDir: path.join(config.dataDir, POST_MEDIA_DIR),
        today: todayIn(config.siteTimezone, at),
        compile: (body) => app.compiler.compile(body),
        timeZone: config.siteTimezone,
        now: at,
      };
    };

    const look = async (): Promise<number[]> => {
      if (closed) return [];
      try {
        return await publishDue(context(), {
          mode: config.publishMode,
          kick: () => app.siteBuilder.kick(),
          log: app.log,
        });
      } catch (error) {
        app.log.warn({ err: error }, 'publish: could not look for scheduled drafts');
        return [];
      }
    };

    // One look at a time in this process; a tick during a look waits for it and looks again.
    const tick = async (): Promise<number[]> => {
      while (running) await running.catch(() => undefined);
      running = look();
      try {
        return await running;
      } finally {
        running = null;
      }
    };

    app.decorate('publishScheduler', { now, context, tick });

    app.addHook('onReady', async () => {
      void tick();
      timer = setInterval(() => void tick(), config.publishScheduleCheckMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'publish-scheduler', dependencies: ['db', 'publisher', 'compiler'] },
);
