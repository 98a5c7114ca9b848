import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { idOf } from '../../lib/id-param';
import type { DrawPage } from '../../plugins/static-site';
import { checkReceipt } from '../../services/giveaways/receipts';
import { settle } from '../../services/giveaways/listing';
import { mailOf } from '../v1/giveaways/shared';

/*
 * "Was I in the draw?" sent as a page: without script, or before the page's script has run, the
 * browser posts the receipt form to POST /giveaway/{id}/check. It checks the receipt with the
 * same service as the API's POST /api/v1/giveaway/{id}/receipt, behind the same rate limit (and
 * the cross-site check every request that changes something passes), and answers with the page
 * itself, drawn with the code as typed and the answer, or the message under the field. A read:
 * nothing changes, so no redirect (a POST keeps the code out of addresses and logs).
 */

/** As long as the API takes it. */
const MAX_RECEIPT = 64;

export const EMPTY_RECEIPT = 'Please enter the receipt code you were given when you entered.';

/** What the check page is drawn with for this request: the code as typed, and the answer. */
export interface CheckedState {
  kind: 'checked';
  receipt: string;
  result: unknown;
  problem: string | null;
}

export default async function giveawayCheckForm(
  app: FastifyInstance,
  opts: { drawPage: () => DrawPage | null },
) {
  const mail = mailOf(app);
  app.post(
    '/giveaway/:id/check',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: { hide: true, consumes: ['application/x-www-form-urlencoded'] },
    },
    async (request, reply) => {
      const id = idOf((request.params as { id?: unknown }).id);
      if (id === null) return reply.callNotFound();
      const path = `/giveaway/${id}/check`;
      reply.header('cache-control', 'no-store');
      const body = request.body as Record<string, unknown> | null | undefined;
      const typed = typeof body?.receipt === 'string' ? body.receipt.slice(0, MAX_RECEIPT) : '';
      const answer = (status: number, state: CheckedState) => {
        const draw = opts.drawPage();
        // Without a drawn page (a site built without its slots) the page is asked again.
        if (!draw) return reply.redirect(path, 303);
        return draw(request, reply, path, state, status);
      };
      if (!typed.trim())
        return answer(400, {
          kind: 'checked',
          receipt: typed,
          result: null,
          problem: EMPTY_RECEIPT,
        });
      try {
        await settle(app.db, id, mail.timeZone);
        const result = await checkReceipt(app.db, id, typed);
        return answer(200, { kind: 'checked', receipt: typed, result, problem: null });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return reply.callNotFound();
        if (error instanceof HttpError && error.statusCode < 500)
          return answer(error.statusCode, {
            kind: 'checked',
            receipt: typed,
            result: null,
            problem: error.message,
          });
        throw error;
      }
    },
  );
}
