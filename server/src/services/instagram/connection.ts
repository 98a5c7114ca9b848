import type { Kysely } from 'kysely';
import type { Database, InstagramConnectionTable } from '../../db/database';
import type { InstagramSettings } from '../../config';
import {
  createGraphClient,
  type GraphClientOptions,
  InstagramApiError,
  InstagramNetworkError,
  InstagramRateLimitError,
  InstagramTokenError,
} from './graph-client';
import {
  AccessToken,
  openToken,
  redactSecrets,
  Secret,
  sealToken,
  TokenCryptoError,
  type TokenKeys,
  tokenKeysFromEnv,
  tokenState,
} from './token';
import {
  exchangeFacebookToken,
  type FreshToken,
  MIN_REFRESH_AGE_MS,
  refreshInstagramToken,
  TokenRefreshError,
} from './token-refresh';

/**
 * The site's connection to the owner's Instagram professional account: one row holding the
 * account, its access token sealed with INSTAGRAM_TOKEN_KEY, and when the token ends.
 *
 * Connecting checks the token with the platform before storing it:
 * - Instagram Login: GET graph.instagram.com/me?fields=user_id,username names the account.
 * - Facebook Login: GET graph.facebook.com/{version}/{page-id}?fields=instagram_business_account{id,username}
 *   names the Instagram account linked to the Page; without a Page id, GET /me/accounts lists the
 *   user's Pages with their linked accounts, and the one Page that has one is taken.
 *
 * Neither answer says when the token ends (for Facebook Login only debug_token does, which needs
 * an app token). So the owner may give the end (`expires_at`); otherwise the token is taken to be
 * a long-lived one, which both logins issue for 60 days, counted from the moment it is connected.
 * A token that ends earlier is then refused by the platform on its next use (code 190), which the
 * connection's state shows; the owner connects again.
 */

/** The row's fixed id: there is one connection per site. */
const ROW_ID = 1;
/** The associated data the token is sealed with, so a sealed token opens only in this row. */
export const CONNECTION_CONTEXT = 'instagram_connection:1';
/** A long-lived token's life on both logins. */
export const LONG_LIVED_MS = 60 * 24 * 60 * 60 * 1000;
/** Renewal is attempted once a token is this close to its end (and at least a day old). */
export const REFRESH_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/** Something the owner can fix or wait out; `status` is the HTTP status a route answers with. */
export class ConnectionError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}

export type Login = 'instagram' | 'facebook';

export interface ConnectionView {
  connected: true;
  login: Login;
  username: string;
  account_id: string;
  page_id: string | null;
  obtained_at: string;
  expires_at: string | null;
  state: { kind: 'valid' | 'expiring' | 'expired'; expires_at: string | null; label: string };
  connected_by: string;
  connected_at: string;
  last_refresh_at: string | null;
  last_refresh_error: string | null;
}

export interface ConnectionContext {
  db: Kysely<Database>;
  settings: InstagramSettings;
  /** Overrides for the Graph client (a fetch or sleep in tests). */
  client?: Partial<Pick<GraphClientOptions, 'fetch' | 'sleep' | 'timeoutMs'>>;
}

export interface ConnectInput {
  login: Login;
  token: string;
  page_id?: string;
  expires_at?: string;
}

/** The keys, or the refusal that says which variable to set. */
export function keysOf(settings: InstagramSettings): TokenKeys {
  if (!settings.tokenKey) {
    throw new ConnectionError(
      503,
      'Instagram cannot be connected until the server has a key to seal its token with: set INSTAGRAM_TOKEN_KEY (32 random bytes, base64 or hex) and restart.',
    );
  }
  try {
    return tokenKeysFromEnv({
      INSTAGRAM_TOKEN_KEY: settings.tokenKey,
      INSTAGRAM_TOKEN_KEY_PREVIOUS: settings.tokenKeyPrevious,
    });
  } catch (error) {
    // The configuration checks the keys at start, so this is only a key changed since.
    if (error instanceof TokenCryptoError) throw new ConnectionError(503, error.message);
    throw error;
  }
}

/** The Meta app's secret, kept out of error text like the token. */
function appOf(settings: InstagramSettings): { id: string; secret: Secret } | null {
  return settings.app ? { id: settings.app.id, secret: new Secret(settings.app.secret) } : null;
}

function view(row: InstagramConnectionTable, now: number): ConnectionView {
  const state = tokenState(row.token_expires_at, now);
  return {
    connected: true,
    login: row.login,
    username: row.username,
    account_id: row.account_id,
    page_id: row.page_id,
    obtained_at: row.token_obtained_at,
    expires_at: row.token_expires_at,
    state: { kind: state.state, expires_at: state.expiresAt, label: state.label },
    connected_by: row.connected_by,
    connected_at: row.connected_at,
    last_refresh_at: row.last_refresh_at,
    last_refresh_error: row.last_refresh_error,
  };
}

async function row(db: Kysely<Database>): Promise<InstagramConnectionTable | undefined> {
  return db
    .selectFrom('instagram_connection')
    .selectAll()
    .where('id', '=', ROW_ID)
    .executeTakeFirst();
}

/** The connection as the owner sees it; never the token. */
export async function getConnection(
  ctx: ConnectionContext,
  now: number,
): Promise<ConnectionView | { connected: false }> {
  const found = await row(ctx.db);
  return found ? view(found, now) : { connected: false };
}

/** Removes the connection; false when there was none. */
export async function disconnect(ctx: ConnectionContext): Promise<boolean> {
  const result = await ctx.db
    .deleteFrom('instagram_connection')
    .where('id', '=', ROW_ID)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A platform failure as a sentence for the owner, with the status a route answers with. */
export function platformProblem(error: unknown, secrets: Secret[], now: number): ConnectionError {
  const clean = (text: string) => redactSecrets(text, secrets);
  if (error instanceof InstagramTokenError) {
    return new ConnectionError(422, clean(`Instagram did not accept this token: ${error.message}`));
  }
  if (error instanceof InstagramRateLimitError) {
    const seconds = Math.max(1, Math.ceil((error.resumeAt - now) / 1000));
    const when = new Date(now + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return new ConnectionError(
      429,
      clean(
        `Instagram is limiting requests from this site; try again after ${when} (in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}). ${error.message}`,
      ),
      seconds,
    );
  }
  if (error instanceof InstagramNetworkError) {
    return new ConnectionError(502, clean(`Instagram could not be reached: ${error.message}`));
  }
  if (error instanceof InstagramApiError) {
    if (error.status >= 500 || error.transient || error.code === null) {
      return new ConnectionError(502, clean(`Instagram could not answer: ${error.message}`));
    }
    return new ConnectionError(422, clean(`Instagram refused the request: ${error.message}`));
  }
  if (error instanceof TokenRefreshError) return new ConnectionError(409, clean(error.message));
  if (error instanceof TokenCryptoError) {
    return new ConnectionError(
      409,
      `${error.message} Connect the account again to store a token sealed with the current key.`,
    );
  }
  if (error instanceof ConnectionError)
    return new ConnectionError(error.status, clean(error.message), error.retryAfterSeconds);
  throw error;
}

/** Ids the platform uses are digits; usernames are letters, digits, "." and "_" (at most 30). */
const ID = /^\d{1,32}$/;
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

function accountFrom(value: unknown, idField: string): { id: string; username: string } | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const id = typeof v[idField] === 'number' ? String(v[idField]) : v[idField];
  if (typeof id !== 'string' || !ID.test(id)) return null;
  if (typeof v.username !== 'string' || !USERNAME.test(v.username)) return null;
  return { id, username: v.username };
}

function clientOptions(ctx: ConnectionContext, now: () => number) {
  return {
    ...ctx.client,
    now,
    // The owner is waiting: one retry of a passing failure, and a rate limit handed back at once.
    maxRetries: 1,
    maxRateLimitWaits: 0,
    timeoutMs: ctx.client?.timeoutMs ?? 10_000,
  };
}

/** Asks the platform which account the token belongs to. */
async function accountOfToken(
  ctx: ConnectionContext,
  input: { login: Login; token: AccessToken; pageId: string | null },
  now: () => number,
): Promise<{ id: string; username: string; pageId: string | null }> {
  const { settings } = ctx;
  if (input.login === 'instagram') {
    const client = createGraphClient({
      ...clientOptions(ctx, now),
      baseUrl: settings.instagramGraphUrl,
      version: null,
      token: input.token,
    });
    const answer = await client.get('/me', { fields: 'user_id,username' });
    const account = accountFrom(answer.body, 'user_id');
    if (!account) {
      throw new ConnectionError(
        502,
        'Instagram answered without a readable account id and username.',
      );
    }
    return { ...account, pageId: null };
  }
  const client = createGraphClient({
    ...clientOptions(ctx, now),
    baseUrl: settings.facebookGraphUrl,
    version: settings.facebookGraphVersion,
    token: input.token,
  });
  if (input.pageId !== null) {
    const answer = await client.get(`/${input.pageId}`, {
      fields: 'instagram_business_account{id,username}',
    });
    const linked = (answer.body as Record<string, unknown> | null)?.instagram_business_account;
    if (linked === undefined) {
      throw new ConnectionError(
        422,
        `The Facebook Page ${input.pageId} has no Instagram professional account linked to it (or this token may not read it).`,
      );
    }
    const account = accountFrom(linked, 'id');
    if (!account) {
      throw new ConnectionError(
        502,
        'Facebook answered without a readable account id and username.',
      );
    }
    return { ...account, pageId: input.pageId };
  }
  const answer = await client.get('/me/accounts', {
    fields: 'id,name,instagram_business_account{id,username}',
    limit: '100',
  });
  const data = (answer.body as Record<string, unknown> | null)?.data;
  const pages = (Array.isArray(data) ? data.slice(0, 100) : []).flatMap((page: unknown) => {
    const p = (page && typeof page === 'object' ? page : {}) as Record<string, unknown>;
    const pageId = typeof p.id === 'string' && ID.test(p.id) ? p.id : null;
    const account = accountFrom(p.instagram_business_account, 'id');
    return pageId && account ? [{ ...account, pageId }] : [];
  });
  if (pages.length === 0) {
    throw new ConnectionError(
      422,
      'None of the Facebook Pages this token manages has an Instagram professional account linked to it.',
    );
  }
  if (pages.length > 1) {
    throw new ConnectionError(
      422,
      `This token manages several Pages with an Instagram account (${pages
        .slice(0, 10)
        .map((p) => `${p.pageId}: @${p.username}`)
        .join(', ')}); give page_id to choose one.`,
    );
  }
  return pages[0]!;
}

const TOKEN = /^[\x21-\x7e]{16,2048}$/;

/** The given end of the token, checked; or the long-lived token's 60 days from now. */
function expiryOf(given: string | undefined, now: number): string {
  if (given === undefined) return new Date(now + LONG_LIVED_MS).toISOString();
  const end = Date.parse(given);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(given) || Number.isNaN(end)) {
    throw new ConnectionError(
      400,
      'expires_at must be a date and time such as 2027-01-31T12:00:00Z.',
    );
  }
  if (end <= now)
    throw new ConnectionError(400, 'expires_at is in the past: this token has already expired.');
  // A day's grace for clocks that differ.
  if (end > now + LONG_LIVED_MS + 24 * 60 * 60 * 1000) {
    throw new ConnectionError(
      400,
      'expires_at is further ahead than any Instagram token lasts (60 days).',
    );
  }
  return new Date(end).toISOString();
}

/** Checks the token with the platform and stores it sealed, replacing any earlier connection. */
export async function connect(
  ctx: ConnectionContext,
  input: ConnectInput,
  by: string,
  clock: () => number,
): Promise<ConnectionView> {
  const keys = keysOf(ctx.settings);
  const text = input.token.trim();
  if (!TOKEN.test(text)) {
    throw new ConnectionError(
      400,
      'The token must be 16 to 2048 characters long, without spaces or line breaks inside; copy it again as the platform shows it.',
    );
  }
  const pageId = input.page_id?.trim() ?? null;
  if (pageId !== null && !ID.test(pageId)) {
    throw new ConnectionError(400, 'page_id must be the Page’s numeric id.');
  }
  if (input.login === 'instagram' && pageId !== null) {
    throw new ConnectionError(
      400,
      'page_id is only for Facebook Login; leave it out for Instagram Login.',
    );
  }
  const token = new AccessToken(text);
  const expiresAt = expiryOf(input.expires_at, clock());
  let account: { id: string; username: string; pageId: string | null };
  try {
    account = await accountOfToken(ctx, { login: input.login, token, pageId }, clock);
  } catch (error) {
    throw platformProblem(error, [token], clock());
  }
  const at = new Date(clock()).toISOString();
  const values: InstagramConnectionTable = {
    id: ROW_ID,
    login: input.login,
    account_id: account.id,
    username: account.username,
    page_id: account.pageId,
    sealed_token: sealToken(token, keys, CONNECTION_CONTEXT),
    token_obtained_at: at,
    token_expires_at: expiresAt,
    connected_by: by,
    connected_at: at,
    last_refresh_at: null,
    last_refresh_error: null,
    updated_at: at,
  };
  const { id: _id, ...changes } = values;
  await ctx.db
    .insertInto('instagram_connection')
    .values(values)
    .onConflict((oc) => oc.column('id').doUpdateSet(changes))
    .execute();
  return view(values, clock());
}

/** Whether the token may be renewed now, and if not, why (a sentence for the owner). */
function refusal(
  found: InstagramConnectionTable,
  settings: InstagramSettings,
  now: number,
): string | null {
  if (found.token_expires_at !== null && Date.parse(found.token_expires_at) <= now) {
    return 'The token has expired and cannot be renewed; connect the account again with a new token.';
  }
  if (found.login === 'instagram') {
    const from = Date.parse(found.token_obtained_at) + MIN_REFRESH_AGE_MS;
    if (now < from) {
      return `Instagram renews a token only once it is 24 hours old: this one can be renewed from ${new Date(from).toISOString()}.`;
    }
    return null;
  }
  if (!settings.app) {
    return 'Renewing a Facebook Login token needs the Meta app: set FACEBOOK_APP_ID and FACEBOOK_APP_SECRET, or connect again with a new token.';
  }
  return null;
}

/**
 * Renews the stored token where the platform allows it (Instagram Login: ig_refresh_token once
 * the token is a day old and not expired; Facebook Login: fb_exchange_token with the app's id and
 * secret) and stores the new one. A platform failure is recorded as `last_refresh_error` and
 * thrown as a ConnectionError; so is a renewal that is not possible.
 */
export async function refreshConnection(
  ctx: ConnectionContext,
  clock: () => number,
): Promise<ConnectionView> {
  const keys = keysOf(ctx.settings);
  const found = await row(ctx.db);
  if (!found) throw new ConnectionError(404, 'No Instagram account is connected.');
  const why = refusal(found, ctx.settings, clock());
  if (why !== null) throw new ConnectionError(409, why);
  const record = async (problem: ConnectionError) => {
    const at = new Date(clock()).toISOString();
    await ctx.db
      .updateTable('instagram_connection')
      .set({ last_refresh_at: at, last_refresh_error: problem.message, updated_at: at })
      .where('id', '=', ROW_ID)
      .where('sealed_token', '=', found.sealed_token)
      .execute();
    return problem;
  };
  let token: AccessToken;
  try {
    token = openToken(found.sealed_token, keys, CONNECTION_CONTEXT);
  } catch (error) {
    throw await record(platformProblem(error, [], clock()));
  }
  let fresh: FreshToken;
  try {
    const base = { ...clientOptions(ctx, clock) };
    fresh =
      found.login === 'instagram'
        ? await refreshInstagramToken(token, found.token_obtained_at, found.token_expires_at, {
            ...base,
            baseUrl: ctx.settings.instagramGraphUrl,
          })
        : await exchangeFacebookToken(token, appOf(ctx.settings)!, {
            ...base,
            baseUrl: ctx.settings.facebookGraphUrl,
            ...(ctx.settings.facebookGraphVersion
              ? { version: ctx.settings.facebookGraphVersion }
              : {}),
          });
  } catch (error) {
    const app = appOf(ctx.settings);
    throw await record(platformProblem(error, [token, ...(app ? [app.secret] : [])], clock()));
  }
  const at = new Date(clock()).toISOString();
  const changes = {
    sealed_token: sealToken(fresh.token, keys, CONNECTION_CONTEXT),
    token_obtained_at: fresh.issuedAt,
    token_expires_at:
      fresh.expiresAt ?? new Date(Date.parse(fresh.issuedAt) + LONG_LIVED_MS).toISOString(),
    last_refresh_at: at,
    last_refresh_error: null,
    updated_at: at,
  };
  // Only the token that was read is replaced: a connection changed meanwhile stays as it is.
  const result = await ctx.db
    .updateTable('instagram_connection')
    .set(changes)
    .where('id', '=', ROW_ID)
    .where('sealed_token', '=', found.sealed_token)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new ConnectionError(
      409,
      'The connection changed while its token was being renewed; look at it again.',
    );
  }
  return view({ ...found, ...changes }, clock());
}

export type DueOutcome =
  | { kind: 'none' }
  | { kind: 'not-due' }
  | { kind: 'refreshed'; expiresAt: string | null }
  | { kind: 'failed'; detail: string };

/**
 * The automatic renewal: an Instagram Login token within REFRESH_WITHIN_MS of its end and at
 * least a day old is renewed; anything else is left alone. Failures are recorded on the row (see
 * refreshConnection) and returned, never thrown.
 */
export async function refreshIfDue(
  ctx: ConnectionContext,
  clock: () => number,
): Promise<DueOutcome> {
  if (!ctx.settings.tokenKey) return { kind: 'none' };
  const found = await row(ctx.db);
  if (!found) return { kind: 'none' };
  const now = clock();
  if (found.login !== 'instagram' || found.token_expires_at === null) return { kind: 'not-due' };
  const end = Date.parse(found.token_expires_at);
  const age = now - Date.parse(found.token_obtained_at);
  if (end <= now || end - now > REFRESH_WITHIN_MS || age < MIN_REFRESH_AGE_MS) {
    return { kind: 'not-due' };
  }
  try {
    const renewed = await refreshConnection(ctx, clock);
    return { kind: 'refreshed', expiresAt: renewed.expires_at };
  } catch (error) {
    if (error instanceof ConnectionError) return { kind: 'failed', detail: error.message };
    throw error;
  }
}
