import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../services/mail';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `app.mailer`: SMTP when SMTP_URL is set, otherwise the outbox table. */
export default fp(
  async function mail(app: FastifyInstance) {
    const { smtpUrl, mailFrom, ownerEmail } = app.config;
    if (!smtpUrl)
      app.log.warn(
        'SMTP_URL is not set: e-mails are kept in the outbox (npm run outbox, or /admin/inbox)',
      );
    if (!ownerEmail)
      app.log.warn('OWNER_EMAIL is not set: enquiry notifications are kept in the outbox');
    app.decorate('mailer', createMailer({ db: app.db, smtpUrl, from: mailFrom, log: app.log }));
    app.addHook('onClose', async () => app.mailer.close());
  },
  { name: 'mail', dependencies: ['db'] },
);
