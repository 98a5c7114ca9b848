import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponseSchema,
  PersonalDataEraseResponseSchema,
  PersonalDataExportSchema,
  PersonalDataRequestSchema,
} from '@site/contracts';
import { erasePersonalData, exportPersonalData } from '../../../services/personal-data';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
};

/** An admin answers a person's request to see, or to erase, what the site holds about them. */
const personalData: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = app.requireRole('admin');

  app.post(
    '/export',
    {
      schema: {
        tags: ['personal-data'],
        summary: 'Everything held about one e-mail address (admin)',
        body: PersonalDataRequestSchema,
        response: { 200: PersonalDataExportSchema, ...errors },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return exportPersonalData(app.db, request.body.email);
    },
  );

  app.post(
    '/erase',
    {
      schema: {
        tags: ['personal-data'],
        summary: 'Erase everything held about one e-mail address (admin)',
        body: PersonalDataRequestSchema,
        response: { 200: PersonalDataEraseResponseSchema, ...errors },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      const counts = await erasePersonalData(app.db, request.body.email);
      request.log.info({ counts }, 'personal data erased');
      const total =
        counts.enquiries +
        counts.subscriptions +
        counts.giveaway_entries_deleted +
        counts.giveaway_entries_anonymised +
        counts.giveaway_handle_reports +
        counts.mail +
        counts.staff_invitations;
      const erased =
        total === 0
          ? 'Nothing was held about that address.'
          : 'Everything held about that address has been erased.';
      return {
        message: counts.staff_account
          ? `${total === 0 ? 'Nothing else was held about that address.' : erased} It stays as the address of the staff account "${counts.staff_account}" while that account exists; remove the account under Staff to erase it.`
          : erased,
        ...counts,
      };
    },
  );
};

export default personalData;
