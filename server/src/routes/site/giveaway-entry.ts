import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import type { DrawPage } from '../../plugins/static-site';
import { entryFieldProblems } from '../../services/giveaways/rules';
import { decoyEntry, getGiveaway, participate } from '../../services/giveaways/service';
import { mailOf } from '../v1/giveaways/shared';

/*
 * The giveaway's entry form sent as a page: without script, or before the page's script has run,
 * the browser posts the form to POST /giveaway/{id}/enter. It enters through the same service as
 * the API's POST /api/v1/giveaway/{id}/participate (its rules, limits, referral code and mail),
 * behind the same cross-site check (every request that changes something) and the same rate
 * limit. An entry recorded is answered Post/Redirect/Get: 303 to the giveaway's page, with the
 * receipt in a short-lived HttpOnly cookie that the page is drawn with. A refusal is answered with
 * the page itself, the form's values as typed and the message under its field (or above the form
 * for the whole entry: a duplicate, a full, closed or paused giveaway).
 */

/** The cookie carrying the entry just recorded to the page the form's answer redirects to. */
export const ENTRY_COOKIE = 'aw_entry';
/** Long enough to reload the page after entering; the page's script keeps the entry itself. */
const ENTRY_COOKIE_SECONDS = 60 * 60;

const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;
const RECEIPT = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/** The entry shown after the redirect, as the page's "You're in" keeps it. */
interface EnteredState {
  kind: 'entered';
  /** The site's address, for the personal link the page draws before its script runs. */
  origin: string;
  entry: {
    receipt: string;
    rules_version: number;
    instagram_handle: string;
    entered_at: string;
    referral_code?: string;
    confirm_by?: string | null;
  };
}

interface RefusedState {
  kind: 'refused';
  values: { email: string; instagram_handle: string; accept_rules: boolean };
  errors: { email?: string; instagram_handle?: string; accept_rules?: string };
  message?: string;
}

const giveawayPath = (id: number) => `/giveaway/${id}`;

function idOf(raw: unknown): number | null {
  if (typeof raw !== 'string' || !ID.test(raw) || Number(raw) > MAX_ID) return null;
  return Number(raw);
}

/** One text field of the posted form: a repeated or missing field reads as empty. */
function field(body: unknown, name: string, max: number): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/**
 * The referral code of the page the form was sent from (`/giveaway/{id}?ref=…`): the page drawn
 * for every visitor cannot carry it in the form, and a same-site form post names its page in the
 * Referer (the site's referrer policy is same-origin).
 */
function refFromReferer(request: FastifyRequest, id: number): string {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return '';
  try {
    const url = new URL(referer);
    const site = new URL(`${url.protocol}//${request.headers.host ?? ''}`);
    if (url.host !== site.host || url.pathname !== giveawayPath(id)) return '';
    return (url.searchParams.get('ref') ?? '').trim().slice(0, 64);
  } catch {
    return '';
  }
}

/**
 * The entry the form's answer carried to the page (the cookie set by POST /giveaway/{id}/enter),
 * when the page asked for is that giveaway's; undefined otherwise. `publicUrl`: the site's address.
 */
export const enteredStateFor =
  (publicUrl: string) =>
  (request: FastifyRequest, urlPath: string): EnteredState | undefined => {
    const text = request.cookies?.[ENTRY_COOKIE];
    if (!text) return undefined;
    try {
      const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as {
        id?: unknown;
        entry?: EnteredState['entry'];
      };
      if (typeof value.id !== 'number' || urlPath !== giveawayPath(value.id)) return undefined;
      if (
        !value.entry ||
        typeof value.entry.receipt !== 'string' ||
        !RECEIPT.test(value.entry.receipt)
      )
        return undefined;
      return { kind: 'entered', origin: new URL(publicUrl).origin, entry: value.entry };
    } catch {
      return undefined;
    }
  };

export default async function giveawayEntryForm(
  app: FastifyInstance,
  opts: { drawPage: () => DrawPage | null },
) {
  const mail = mailOf(app);

  app.post(
    '/giveaway/:id/enter',
    {
      config: { rateLimit: app.config.limits.participate },
      schema: { hide: true, consumes: ['application/x-www-form-urlencoded'] },
    },
    async (request, reply) => {
      const id = idOf((request.params as { id?: unknown }).id);
      if (id === null) return reply.callNotFound();
      const path = giveawayPath(id);
      reply.header('cache-control', 'no-store');
      const body = request.body;
      const values = {
        email: field(body, 'email', 400),
        instagram_handle: field(body, 'instagram_handle', 100),
        accept_rules: field(body, 'accept_rules', 10) !== '',
      };
      const version = Number(field(body, 'rules_version', 10));
      const rulesVersion = Number.isInteger(version) && version >= 1 ? version : undefined;
      const ref = field(body, 'ref', 64).trim() || refFromReferer(request, id);

      const refuse = (status: number, refused: Omit<RefusedState, 'kind' | 'values'>) => {
        const draw = opts.drawPage();
        const state: RefusedState = { kind: 'refused', values, ...refused };
        // Without a drawn page (a site built without its slots) the form's page is asked again.
        if (!draw) return reply.redirect(path, 303);
        return draw(request, reply, path, state, status);
      };

      let minAge: number;
      try {
        minAge = (await getGiveaway(app.db, id)).min_age;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return reply.callNotFound();
        throw error;
      }

      const errors: RefusedState['errors'] = entryFieldProblems(values);
      if (!values.accept_rules)
        errors.accept_rules = `Please confirm that you have read the rules and are at least ${minAge}.`;
      if (Object.keys(errors).length > 0) return refuse(400, { errors });

      let answer;
      try {
        // Honeypot: only bots fill the hidden field. They get the same answer and nothing is stored.
        answer = field(body, 'website', 500)
          ? decoyEntry(rulesVersion)
          : await participate(
              app.db,
              id,
              {
                email: values.email,
                instagram_handle: values.instagram_handle,
                accept_rules: true,
                ...(rulesVersion ? { rules_version: rulesVersion } : {}),
                ...(ref ? { ref } : {}),
              },
              { now: new Date(), mail },
            );
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500)
          return refuse(error.statusCode, { errors: {}, message: error.message });
        throw error;
      }

      const entered: EnteredState['entry'] = {
        receipt: answer.receipt,
        rules_version: answer.rules_version,
        instagram_handle: values.instagram_handle.trim().replace(/^@/, ''),
        entered_at: new Date().toISOString(),
        ...(answer.referral_code ? { referral_code: answer.referral_code } : {}),
        confirm_by: answer.confirmation_pending ? answer.confirm_by : null,
      };
      reply.setCookie(
        ENTRY_COOKIE,
        Buffer.from(JSON.stringify({ id, entry: entered })).toString('base64url'),
        {
          path,
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.publicUrl.startsWith('https:') || request.protocol === 'https',
          maxAge: ENTRY_COOKIE_SECONDS,
        },
      );
      return reply.redirect(`${path}#enter`, 303);
    },
  );
}
