import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { type DueOutcome, refreshIfDue } from '../services/instagram/connection';
import { repeatWhileOpen } from '../lib/repeating-task';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Instagram token's automatic renewal. */
    instagramRefresh: {
      /**
       * One look, as the schedule runs it: under the lock (null when another process holds it
       * or no key is set), the outcome logged without the token.
       */
      tick(): Promise<DueOutcome | null>;
    };
  }
}

export interface InstagramRefreshOptions {
  /** Replaces the real clock (tests move time with it). */
  clock?: () => Date;
}

/** The first look waits this long after start. */
const FIRST_RUN_MS = 60_000;

/**
 * Renews the connected Instagram Login token before it ends (services/instagram/connection.ts,
 * refreshIfDue): a minute after start, then every INSTAGRAM_REFRESH_CHECK_MINUTES, in one process
 * at a time (the others skip while it holds the lock). Nothing runs without INSTAGRAM_TOKEN_KEY.
 */
export default fp(
  async function instagramRefresh(app: FastifyInstance, opts: InstagramRefreshOptions) {
    const settings = app.config.instagram;
    const clock = () => (opts.clock ? opts.clock() : new Date()).getTime();
    const tick = async (): Promise<DueOutcome | null> => {
      if (!settings.tokenKey) return null;
      const release = await app.tryLock('instagram-refresh');
      if (!release) return null;
      try {
        const outcome = await refreshIfDue({ db: app.db, settings }, clock);
        if (outcome.kind === 'refreshed') {
          app.log.info({ expiresAt: outcome.expiresAt }, 'Instagram token renewed');
        } else if (outcome.kind === 'failed') {
          // The detail is a sentence without the token (see platformProblem).
          app.log.warn({ detail: outcome.detail }, 'Instagram token renewal failed');
        }
        return outcome;
      } catch (error) {
        // Only the message: an error object may carry a request's address with the token in it.
        app.log.error(
          { err: { message: error instanceof Error ? error.message : 'unknown error' } },
          'Instagram token renewal could not run',
        );
        return null;
      } finally {
        await release();
      }
    };
    app.decorate('instagramRefresh', { tick });
    if (!settings.tokenKey) return;
    repeatWhileOpen(app, {
      firstMs: FIRST_RUN_MS,
      everyMs: settings.refreshCheckMs,
      run: tick,
    });
  },
  { name: 'instagram-refresh', dependencies: ['db'] },
);
