import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HANDLE_TAKEN_CODE, type KeptEntry, REFERRAL_CODE_PATTERN } from '@site/contracts';
import { HttpError } from '../../lib/http-error';
import { idOf } from '../../lib/id-param';
import type { DrawPage } from '../../plugins/static-site';
import { entryFieldProblems } from '../../services/giveaways/rules';
import { decoyReport, reportHandle } from '../../services/giveaways/handle-reports';
import { decoyEntry, participate } from '../../services/giveaways/entries';
import { getGiveaway } from '../../services/giveaways/listing';
import { mailOf, signalsOf } from '../v1/giveaways/shared';

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

const RECEIPT = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/** The entry shown after the redirect, as the page's "You're in" keeps it. */
interface EnteredState {
  kind: 'entered';
  /** The site's address, for the personal link the page draws before its script runs. */
  origin: string;
  entry: KeptEntry;
}

interface RefusedState {
  kind: 'refused';
  values: { email: string; instagram_handle: string; accept_rules: boolean };
  errors: { email?: string; instagram_handle?: string; accept_rules?: string };
  message?: string;
  /** The handle was refused as another entry's: the page offers the report form. */
  handle_taken?: boolean;
  /** The report form's answer: sent (the thank-you), or refused (why). */
  reported?: string;
  report_error?: string;
}

/** The page asked for with a friend's referral code (`?ref=`): the form names it at once. */
interface ReferredState {
  kind: 'referred';
  code: string;
}

const giveawayPath = (id: number) => `/giveaway/${id}`;
const REFERRAL_CODE = new RegExp(REFERRAL_CODE_PATTERN);
/**
 * The referral code the page was asked for with (`/giveaway/{id}?ref=…`, as the entrant's own
 * page normalises it: trimmed, upper case), when it is one; null otherwise.
 */
function referredBy(request: FastifyRequest, urlPath: string): ReferredState | null {
  const id = urlPath.startsWith('/giveaway/') ? idOf(urlPath.slice('/giveaway/'.length)) : null;
  if (id === null) return null;
  const ref = (request.query as Record<string, unknown> | undefined)?.ref;
  if (typeof ref !== 'string') return null;
  const code = ref.trim().toUpperCase();
  return REFERRAL_CODE.test(code) ? { kind: 'referred', code } : null;
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
 * What the giveaway's page is drawn with for this request: the entry the form's answer carried to
 * it (the cookie set by POST /giveaway/{id}/enter, when the page asked for is that giveaway's), or
 * else the referral code of the link it was asked for by; undefined for neither (the page every
 * visitor gets). `publicUrl`: the site's address.
 */
export const servedStateFor =
  (publicUrl: string) =>
  (request: FastifyRequest, urlPath: string): EnteredState | ReferredState | undefined =>
    enteredState(publicUrl, request, urlPath) ?? referredBy(request, urlPath) ?? undefined;

/** The entry the form's answer carried to the page, when the page asked for is that giveaway's. */
function enteredState(
  publicUrl: string,
  request: FastifyRequest,
  urlPath: string,
): EnteredState | undefined {
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
}

export default async function giveawayEntryForm(
  app: FastifyInstance,
  opts: { drawPage: () => DrawPage | null },
) {
  const mail = mailOf(app);
  const signals = signalsOf(app);

  /*
   * A form of the giveaway's page, posted without script: rate limited as entering is, never
   * cached, and a 404 for an id that cannot be a giveaway's. `handle` gets the id and the page's
   * path.
   */
  const pageForm = (
    url: string,
    handle: (request: FastifyRequest, reply: FastifyReply, id: number, path: string) => unknown,
  ) =>
    app.post(
      url,
      {
        config: { rateLimit: app.config.limits.participate },
        schema: { hide: true, consumes: ['application/x-www-form-urlencoded'] },
      },
      async (request, reply) => {
        const id = idOf((request.params as { id?: unknown }).id);
        if (id === null) return reply.callNotFound();
        reply.header('cache-control', 'no-store');
        return handle(request, reply, id, giveawayPath(id));
      },
    );

  pageForm('/giveaway/:id/enter', async (request, reply, id, path) => {
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
              notify_results: field(body, 'notify_results', 10) !== '',
              ...(rulesVersion ? { rules_version: rulesVersion } : {}),
              ...(ref ? { ref } : {}),
            },
            { dialect: app.dialect, now: new Date(), mail, signals: signals(request, id) },
          );
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500)
        return refuse(error.statusCode, {
          errors: {},
          message: error.message,
          ...(error.code === HANDLE_TAKEN_CODE ? { handle_taken: true } : {}),
        });
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
  });

  /*
   * The report form shown under a refused entry whose handle is taken, sent as a page: kept as
   * the API's POST /api/v1/giveaway/{id}/handle-reports keeps it (same rules, limit and
   * honeypot), and answered with the giveaway's page, the report form saying it was sent or why
   * not.
   */
  pageForm('/giveaway/:id/report-handle', async (request, reply, id, path) => {
    const body = request.body;
    const typed = {
      instagram_handle: field(body, 'instagram_handle', 100),
      email: field(body, 'email', 400),
      note: field(body, 'note', 1000),
    };
    const answer = (status: number, outcome: { reported: string } | { report_error: string }) => {
      const draw = opts.drawPage();
      if (!draw) return reply.redirect(path, 303);
      const state: RefusedState = {
        kind: 'refused',
        values: {
          email: typed.email,
          instagram_handle: typed.instagram_handle,
          accept_rules: false,
        },
        errors: {},
        handle_taken: true,
        ...outcome,
      };
      return draw(request, reply, path, state, status);
    };
    try {
      const sent = field(body, 'website', 500)
        ? decoyReport(typed)
        : await reportHandle(app.db, id, typed, { now: new Date() });
      return answer(200, { reported: sent.message });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return reply.callNotFound();
      if (error instanceof HttpError && error.statusCode < 500)
        return answer(error.statusCode, { report_error: error.message });
      throw error;
    }
  });
}
