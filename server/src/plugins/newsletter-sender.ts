import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { NewsletterSender } from '../services/newsletter/sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background sending of newsletter issues (runs when NEWSLETTER_SENDER is on). */
    newsletterSender: NewsletterSender;
  }
}

/** Starts the sender once the server is ready; on close it stops claiming and lets mails finish. */
export default fp(
  async function newsletterSender(app: FastifyInstance) {
    const { config } = app;
    const sender = new NewsletterSender({
      db: app.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      publicUrl: config.publicUrl,
      settings: config.newsletterSending,
      unsubscribeDays: config.newsletterUnsubscribeDays,
      timeZone: config.siteTimezone,
      log: app.log,
    });
    app.decorate('newsletterSender', sender);
    app.addHook('onReady', async () => {
      if (config.newsletterSending.enabled) sender.start();
    });
    app.addHook('onClose', async () => sender.stop());
  },
  { name: 'newsletter-sender', dependencies: ['db'] },
);
