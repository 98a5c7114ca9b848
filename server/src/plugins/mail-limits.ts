import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DatabaseMailWindows, MailLimits, RedisMailWindows } from '../services/mail-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one rule for mail a stranger can cause, counted in Redis when set, else the database. */
    mailLimits: MailLimits;
  }
}

export default fp(
  async function mailLimits(app: FastifyInstance) {
    const store = app.redis
      ? new RedisMailWindows(app.redis, app.config.redisKeyPrefix)
      : new DatabaseMailWindows(app.db);
    app.decorate('mailLimits', new MailLimits(store, app.config.mailLimits));
  },
  { name: 'mail-limits', dependencies: ['redis', 'db'] },
);
