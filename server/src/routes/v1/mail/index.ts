import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MailStatusResponseSchema } from '@site/contracts';

/**
 * Whether mail can leave this site: only through a configured mail server (SMTP_URL). Without
 * one every message waits in the outbox, so the site hides the offers that need an entrant to
 * receive mail, and the server refuses them.
 */
const mailStatus: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/mail/status',
    {
      schema: {
        tags: ['mail'],
        summary: 'Whether mail can leave this site now (a mail server is configured)',
        response: { 200: MailStatusResponseSchema },
      },
    },
    async () => ({ mail_available: Boolean(app.config.smtpUrl) }),
  );
};

export default mailStatus;
