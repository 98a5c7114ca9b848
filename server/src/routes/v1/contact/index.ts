import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContactIdParamsSchema,
  ContactListResponseSchema,
  ContactReadRequestSchema,
  ContactReadResponseSchema,
  ContactUnreadResponseSchema,
  ContactRequestSchema,
  ContactResponseSchema,
  ErrorResponseSchema,
} from '@site/contracts';
import {
  listEnquiries,
  markEnquiryRead,
  receiveEnquiry,
  unreadEnquiries,
} from '../../../services/contact';
import { loadContactFacts, thanksMessage } from '../../../services/site-facts';
import { adminListRoute } from '../admin-list';

/** Registered with the prefix /contact: Fastify serves "/" there as both /contact and /contact/. */
const contact: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send an enquiry; the owner is notified by e-mail',
        body: ContactRequestSchema,
        response: {
          200: ContactResponseSchema,
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
      config: { rateLimit: app.config.limits.contact },
    },
    async (request) => {
      const name = request.body.name.trim();
      const facts = await loadContactFacts(app.config.contentDir);
      // Honeypot filled: only a bot sees that field. Answer as on success so it moves on.
      if (request.body.website) {
        request.log.info('contact: honeypot filled, enquiry dropped');
        return { message: thanksMessage(name, facts) };
      }
      const { heldBack } = await receiveEnquiry(
        app.db,
        app.mailer,
        app.config.ownerEmail,
        request.body,
        facts,
        app.mailLimits,
      );
      const thanks = thanksMessage(name, facts);
      return { message: heldBack ? `${thanks} ${heldBack}` : thanks };
    },
  );

  adminListRoute(app, '/', {
    tag: 'contact',
    summary: 'List enquiries, newest first (admin)',
    response: ContactListResponseSchema,
    list: (page, perPage) => listEnquiries(app.db, page, perPage),
  });

  app.get(
    '/unread',
    {
      schema: {
        tags: ['contact'],
        summary: 'Count the enquiries no admin has marked read yet (admin)',
        response: {
          200: ContactUnreadResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
      onRequest: app.requireRole('admin'),
    },
    async () => ({ unread: await unreadEnquiries(app.db) }),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags: ['contact'],
        summary: 'Mark an enquiry read or unread again (admin)',
        params: ContactIdParamsSchema,
        body: ContactReadRequestSchema,
        response: {
          200: ContactReadResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
      onRequest: app.requireRole('admin'),
    },
    async (request) => markEnquiryRead(app.db, request.params.id, request.body.read),
  );
};

export default contact;
