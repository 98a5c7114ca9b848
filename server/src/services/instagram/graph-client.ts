import { redactSecrets, type Secret } from './token';

/**
 * A client for the Instagram Graph API: Instagram API with Instagram Login (host
 * graph.instagram.com) or with Facebook Login (graph.facebook.com, with a version such as v21.0).
 * One GET at a time, with a timeout, bounded retries of passing failures and waits when the
 * platform says it is rate limiting. Everything it answers is treated as untrusted data, and no
 * error or logged value holds the access token.
 */

/** Error codes the platform uses for rate limits: app (4), user (17), page (32), a call type (613),
 * and the Instagram business use case (80002). */
export const RATE_LIMIT_CODES: ReadonlySet<number> = new Set([4, 17, 32, 613, 80002]);
/** Expired, revoked or invalid access token. */
export const TOKEN_ERROR_CODE = 190;

/** The limits' fill and the wait the platform asks for, from the usage headers. */
export interface UsageReport {
  /** The highest of call_count, total_cputime and total_time over every header, in percent. */
  highestPercent: number;
  /** The longest estimated_time_to_regain_access, in milliseconds (0 when none is given). */
  regainMs: number;
  /** The headers as they came, for the owner's diagnostics (bounded in size). */
  raw: Record<string, string>;
}

/** Any answer from the platform that is not the data asked for. */
export class InstagramApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'InstagramApiError';
  }
}

/** The token expired, was revoked or is not a token (error 190): the owner must connect again. */
export class InstagramTokenError extends InstagramApiError {
  constructor(message: string, status: number, subcode: number | null) {
    super(message, status, TOKEN_ERROR_CODE, subcode, false);
    this.name = 'InstagramTokenError';
  }
}

/** The platform is rate limiting; `resumeAt` is the earliest time worth asking again. */
export class InstagramRateLimitError extends InstagramApiError {
  constructor(
    message: string,
    status: number,
    code: number,
    subcode: number | null,
    readonly resumeAt: number,
    readonly usage: UsageReport | null,
  ) {
    super(message, status, code, subcode, true);
    this.name = 'InstagramRateLimitError';
  }
}

/** No answer: the connection failed or the time ran out. */
export class InstagramNetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstagramNetworkError';
  }
}

const USAGE_HEADERS = ['x-app-usage', 'x-business-use-case-usage', 'x-page-usage'];

function percent(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0;
}

/**
 * Reads X-App-Usage ({"call_count":…,"total_cputime":…,"total_time":…}, percentages) and
 * X-Business-Use-Case-Usage ({"<id>":[{"type":…,"call_count":…,"total_cputime":…,"total_time":…,
 * "estimated_time_to_regain_access":<minutes>}]}). Null when neither is present; a header that is
 * not JSON is ignored.
 */
export function readUsage(headers: Headers): UsageReport | null {
  let found = false;
  let highest = 0;
  let regainMinutes = 0;
  const raw: Record<string, string> = {};
  const visit = (entry: unknown) => {
    if (!entry || typeof entry !== 'object') return;
    const e = entry as Record<string, unknown>;
    highest = Math.max(
      highest,
      percent(e.call_count),
      percent(e.total_cputime),
      percent(e.total_time),
    );
    regainMinutes = Math.max(regainMinutes, percent(e.estimated_time_to_regain_access));
  };
  for (const name of USAGE_HEADERS) {
    const value = headers.get(name);
    if (value === null) continue;
    raw[name] = value.slice(0, 2000);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    found = true;
    if (name === 'x-business-use-case-usage' && parsed && typeof parsed === 'object') {
      for (const list of Object.values(parsed as Record<string, unknown>)) {
        if (Array.isArray(list)) list.slice(0, 50).forEach(visit);
      }
    } else {
      visit(parsed);
    }
  }
  if (!found) return null;
  return { highestPercent: highest, regainMs: Math.min(regainMinutes, 24 * 60) * 60_000, raw };
}

export interface GraphClientOptions {
  /** "https://graph.instagram.com" or "https://graph.facebook.com"; a stand-in's URL in tests. */
  baseUrl: string;
  /** The API version path segment ("v21.0"), or null for unversioned paths. */
  version: string | null;
  token: Secret;
  /** Other secrets (an app secret) that must never reach error text either. */
  otherSecrets?: Secret[];
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Per request, in milliseconds. */
  timeoutMs?: number;
  /** Retries of a passing failure (network, 5xx, a transient error) before giving up. */
  maxRetries?: number;
  /** Rate-limit waits the client sits through for one request before handing the pause back. */
  maxRateLimitWaits?: number;
  /** The longest rate-limit wait the client sleeps through; a longer one is handed back. */
  maxInlineWaitMs?: number;
  /** When a usage header reaches this percentage, the client waits before its next request. */
  slowDownAtPercent?: number;
  /** Told each time the client waits, and until when (for "paused until …" in the owner's view). */
  onWait?: (info: { until: number; reason: string }) => void;
}

/** The answer's body, and the usage headers that came with it. */
export interface GraphAnswer {
  body: unknown;
  usage: UsageReport | null;
}

/** The platform's answer is at most this large (a page of 100 comments with replies is ~100 KB). */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** An answer over MAX_BODY_BYTES: refused unread, and not worth a retry. */
function tooLarge(status: number): InstagramApiError {
  return new InstagramApiError(
    'The platform sent an answer too large to read.',
    status,
    null,
    null,
    false,
  );
}
/** A rate limit with no time to wait in its headers: 1 minute, doubling per attempt, up to 15. */
const FALLBACK_WAIT_MS = 60_000;
const FALLBACK_WAIT_CAP_MS = 15 * 60_000;
/** A passing failure: 1 s, doubling per attempt. */
const RETRY_BASE_MS = 1_000;

export interface RequestOptions {
  /** Whether to add access_token=… (default true; the token exchange names it otherwise). */
  sendToken?: boolean;
}

export interface GraphClient {
  get(path: string, params: Record<string, string>, request?: RequestOptions): Promise<GraphAnswer>;
  readonly options: Readonly<GraphClientOptions>;
}

function bounded(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRetries = options.maxRetries ?? 3;
  const maxRateLimitWaits = options.maxRateLimitWaits ?? 5;
  const maxInlineWaitMs = options.maxInlineWaitMs ?? 15 * 60_000;
  const slowDownAt = options.slowDownAtPercent ?? 95;
  const secrets = [options.token, ...(options.otherSecrets ?? [])];
  const clean = (text: string) => redactSecrets(text, secrets);
  let notBefore = 0;

  function url(path: string, params: Record<string, string>, sendToken: boolean): string {
    const base = options.baseUrl.replace(/\/+$/, '');
    const version = options.version ? `/${encodeURIComponent(options.version)}` : '';
    const query = new URLSearchParams(
      sendToken ? { ...params, access_token: options.token.reveal() } : params,
    );
    return `${base}${version}${path}?${query.toString()}`;
  }

  async function once(
    path: string,
    params: Record<string, string>,
    sendToken: boolean,
  ): Promise<GraphAnswer> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url(path, params, sendToken), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      const length = Number(response.headers.get('content-length') ?? '0');
      if (length > MAX_BODY_BYTES) {
        await response.body?.cancel();
        throw tooLarge(response.status);
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof InstagramApiError) throw error;
      // Read by shape: an abort is a DOMException, which may come from another realm (a test
      // runner's), where instanceof Error is false.
      const e = (error && typeof error === 'object' ? error : {}) as {
        name?: unknown;
        cause?: { message?: unknown };
      };
      const name = typeof e.name === 'string' ? e.name : '';
      const cause = typeof e.cause?.message === 'string' ? `: ${e.cause.message}` : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new InstagramNetworkError(`The platform did not answer within ${timeoutMs} ms.`);
      }
      throw new InstagramNetworkError(
        clean(`The platform could not be reached${bounded(cause, 200)}.`),
      );
    }
    if (text.length > MAX_BODY_BYTES) {
      throw tooLarge(response.status);
    }
    const usage = readUsage(response.headers);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new InstagramApiError(
        `The platform answered HTTP ${response.status} with something other than JSON.`,
        response.status,
        null,
        null,
        response.status >= 500,
      );
    }
    const err = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
    if (response.ok && err === undefined) return { body, usage };

    const e = (err && typeof err === 'object' ? err : {}) as Record<string, unknown>;
    const code = typeof e.code === 'number' ? e.code : null;
    const subcode = typeof e.error_subcode === 'number' ? e.error_subcode : null;
    const said = typeof e.message === 'string' ? clean(bounded(e.message)) : 'no message';
    const type = typeof e.type === 'string' ? bounded(e.type, 60) : 'error';
    const label = `${type} ${code ?? 'without a code'}${subcode === null ? '' : `/${subcode}`}`;
    if (code === TOKEN_ERROR_CODE) {
      throw new InstagramTokenError(
        `The Instagram access token has expired or is no longer valid; the owner must connect the account again (${label}: ${said}).`,
        response.status,
        subcode,
      );
    }
    if ((code !== null && RATE_LIMIT_CODES.has(code)) || response.status === 429) {
      throw new InstagramRateLimitError(
        `The platform is rate limiting (${label}: ${said}).`,
        response.status,
        code ?? 4,
        subcode,
        now(),
        usage,
      );
    }
    const transient = e.is_transient === true || code === 1 || code === 2 || response.status >= 500;
    throw new InstagramApiError(
      `The platform answered HTTP ${response.status} (${label}: ${said}).`,
      response.status,
      code,
      subcode,
      transient,
    );
  }

  /** The wait a rate limit asks for: the usage headers' estimate, or a doubling fallback. */
  function rateLimitWait(error: InstagramRateLimitError, attempt: number): number {
    if (error.usage && error.usage.regainMs > 0) return error.usage.regainMs;
    return Math.min(FALLBACK_WAIT_MS * 2 ** attempt, FALLBACK_WAIT_CAP_MS);
  }

  async function waitUntil(until: number, reason: string): Promise<void> {
    const ms = until - now();
    if (ms <= 0) return;
    options.onWait?.({ until, reason });
    await sleep(ms);
  }

  async function get(
    path: string,
    params: Record<string, string>,
    request: RequestOptions = {},
  ): Promise<GraphAnswer> {
    let retries = 0;
    let waits = 0;
    for (;;) {
      if (notBefore > now()) {
        await waitUntil(notBefore, 'the usage headers were near the limit');
      }
      try {
        const answer = await once(path, params, request.sendToken ?? true);
        if (answer.usage && answer.usage.highestPercent >= slowDownAt) {
          // Near the limit: leave the platform the time it asks for (or a minute) before the next call.
          notBefore = now() + Math.max(answer.usage.regainMs, FALLBACK_WAIT_MS);
        }
        return answer;
      } catch (error) {
        if (error instanceof InstagramRateLimitError) {
          const wait = rateLimitWait(error, waits);
          const until = now() + wait;
          if (waits >= maxRateLimitWaits || wait > maxInlineWaitMs) {
            throw new InstagramRateLimitError(
              error.message,
              error.status,
              error.code ?? 4,
              error.subcode,
              until,
              error.usage,
            );
          }
          waits += 1;
          await waitUntil(until, `rate limit (code ${error.code})`);
          continue;
        }
        const passing =
          error instanceof InstagramNetworkError ||
          (error instanceof InstagramApiError && error.transient);
        if (passing && retries < maxRetries) {
          const until = now() + RETRY_BASE_MS * 2 ** retries;
          retries += 1;
          await waitUntil(until, 'a passing failure');
          continue;
        }
        throw error;
      }
    }
  }

  return { get, options };
}
