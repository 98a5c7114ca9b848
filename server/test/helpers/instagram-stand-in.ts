import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Instagram Graph API's comment reading, on 127.0.0.1 with a free port, for
 * tests and the import benchmark. It answers as the platform's reference describes:
 *
 * - GET [/vNN.N]/{media-id}/comments?fields=…&limit=…&after=… → {data, paging:{cursors, next}}, in
 *   pages of `pageSize` (the platform's 50 unless `limit` asks otherwise, at most 100); `next`
 *   only while more comments follow. A comment lists its first `inlineReplies` replies under
 *   replies{data, paging}, with a `next` when there are more.
 * - GET [/vNN.N]/{comment-id}/replies → the replies, paged the same way; code 100 (subcode 33) for
 *   a comment that was deleted.
 * - A field outside the documented IG Comment fields → code 100, as the platform answers.
 * - A wrong or expired token → code 190 (OAuthException), subcode 463 once expired.
 * - `failNext` queues answers: each rate-limit code (4, 17, 32, 613, 80002) with its usage
 *   headers, HTTP 500, or a body that is not JSON.
 * - GET /refresh_access_token (Instagram Login) and GET [/vNN.N]/oauth/access_token
 *   (fb_exchange_token) issue a new token.
 * - GET /me?fields=user_id,username (Instagram Login) → the token's account, as `account` gives it.
 * - GET [/vNN.N]/{page-id}?fields=instagram_business_account{id,username} and GET /me/accounts
 *   (Facebook Login) → the `pages` given and the Instagram account linked to each; an unknown
 *   Page is code 100 (subcode 33).
 *
 * Cursors name the last comment of a page, so a comment deleted between two pages simply does not
 * appear, as on the platform.
 */

export interface StandInComment {
  id: string;
  username: string;
  text: string;
  /** As the platform writes it: "2017-08-31T18:10:30+0000". */
  timestamp: string;
  like_count?: number;
  replies?: StandInComment[];
  deleted?: boolean;
}

export type StandInFault =
  | { kind: 'rate-limit'; code: 4 | 17 | 32 | 613 | 80002; regainMinutes?: number }
  | { kind: 'status'; status: number }
  | { kind: 'not-json' };

export interface StandInOptions {
  token: string;
  mediaId: string;
  comments: StandInComment[];
  /** Comments per page when the request gives no limit (the platform's default: 50). */
  pageSize?: number;
  /** Replies given inline with each comment before the replies edge is needed. */
  inlineReplies?: number;
  /** Milliseconds to wait before each answer. */
  delayMs?: number;
  /** The usage percentage put in X-App-Usage / X-Business-Use-Case-Usage on normal answers. */
  usagePercent?: number;
  /** Put the token in the text of error answers, as a careless proxy might. */
  echoTokenInErrors?: boolean;
  /** Facebook Login app credentials for the token exchange. */
  app?: { id: string; secret: string };
  /** The Instagram professional account the token belongs to (Instagram Login's /me). */
  account?: { id: string; username: string };
  /** The Facebook Pages the token manages, each with its linked Instagram account if any. */
  pages?: Array<{ id: string; name?: string; account?: { id: string; username: string } }>;
}

export interface StandInRequest {
  path: string;
  after: string | null;
  limit: string | null;
  status: number;
}

export interface StandIn {
  url: string;
  requests: StandInRequest[];
  /** The token the stand-in currently accepts (changes after a refresh). */
  token(): string;
  expireToken(): void;
  /** Back to the first token, not expired, with no faults queued. */
  reset(): void;
  deleteComment(id: string): void;
  failNext(fault: StandInFault, times?: number): void;
  close(): Promise<void>;
}

const DOCUMENTED = new Set([
  'id',
  'text',
  'timestamp',
  'username',
  'from',
  'like_count',
  'parent_id',
  'hidden',
  'media',
  'legacy_instagram_comment_id',
  'user',
  'replies',
]);

/** The field names of a fields= list, nested ones included ("a,replies{b,c}" → a, replies, b, c). */
function fieldNames(list: string): string[] {
  return list
    .split(/[,{}]/)
    .map((f) => f.trim())
    .filter(Boolean);
}

const LIMIT_MESSAGES: Record<number, string> = {
  4: 'Application request limit reached',
  17: 'User request limit reached',
  32: 'Page request limit reached',
  613: 'Calls to this api have exceeded the rate limit.',
  80002: 'There have been too many calls to this Instagram account. Wait a bit and try again.',
};

function usageHeaders(percentUsed: number, regainMinutes: number, code: number | null) {
  const headers: Record<string, string> = {};
  const app = {
    call_count: percentUsed,
    total_cputime: Math.floor(percentUsed / 2),
    total_time: Math.floor(percentUsed / 3),
  };
  if (code === null || code === 4 || code === 17) headers['x-app-usage'] = JSON.stringify(app);
  if (code === null || code === 32 || code === 613 || code === 80002) {
    const type = code === 32 ? 'pages' : 'instagram';
    headers['x-business-use-case-usage'] = JSON.stringify({
      '17841400000000000': [
        {
          type,
          call_count: percentUsed,
          total_cputime: Math.floor(percentUsed / 2),
          total_time: Math.floor(percentUsed / 3),
          estimated_time_to_regain_access: regainMinutes,
        },
      ],
    });
  }
  return headers;
}

function platformTime(iso: string): string {
  return iso.replace(/\.\d{3}Z$/, '+0000');
}

export { platformTime };

export async function startInstagramStandIn(options: StandInOptions): Promise<StandIn> {
  let token = options.token;
  let expired = false;
  const faults: StandInFault[] = [];
  const requests: StandInRequest[] = [];
  const pageSize = options.pageSize ?? 50;
  const inlineReplies = options.inlineReplies ?? 25;
  const usagePercent = options.usagePercent ?? 1;
  const byId = new Map<string, StandInComment>();
  for (const c of options.comments) {
    byId.set(c.id, c);
    for (const r of c.replies ?? []) byId.set(r.id, r);
  }
  let issued = 0;
  let base = '';

  const cursor = (id: string) => Buffer.from(`c:${id}`).toString('base64url');
  const fromCursor = (value: string): string | null => {
    const text = Buffer.from(value, 'base64url').toString('utf8');
    return text.startsWith('c:') ? text.slice(2) : null;
  };

  function shape(c: StandInComment, fields: Set<string>, parentId: string | null) {
    const out: Record<string, unknown> = { id: c.id };
    if (fields.has('text')) out.text = c.text;
    if (fields.has('timestamp')) out.timestamp = c.timestamp;
    if (fields.has('username')) out.username = c.username;
    if (fields.has('from')) out.from = { id: `9${c.id}`, username: c.username };
    if (fields.has('like_count')) out.like_count = c.like_count ?? 0;
    if (fields.has('parent_id') && parentId) out.parent_id = parentId;
    return out;
  }

  /** One page of `list` after the cursor; the next link only while live items follow. */
  function page(
    list: StandInComment[],
    after: string | null,
    limit: number,
    pathForNext: string,
    query: URLSearchParams,
  ) {
    let start = 0;
    if (after !== null) {
      const id = fromCursor(after);
      const at = id === null ? -1 : list.findIndex((c) => c.id === id);
      if (at < 0) return null;
      start = at + 1;
    }
    const items: StandInComment[] = [];
    let i = start;
    for (; i < list.length && items.length < limit; i += 1) {
      if (!list[i]!.deleted) items.push(list[i]!);
    }
    const more = list.slice(i).some((c) => !c.deleted);
    const last = items[items.length - 1];
    const paging: Record<string, unknown> = {};
    if (items.length > 0) {
      paging.cursors = { before: cursor(items[0]!.id), after: cursor(last!.id) };
      if (more) {
        const next = new URLSearchParams(query);
        next.set('after', cursor(last!.id));
        paging.next = `${base}${pathForNext}?${next.toString()}`;
      }
    }
    return { items, paging };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    const q = url.searchParams;
    const record = (status: number) =>
      requests.push({ path, after: q.get('after'), limit: q.get('limit'), status });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record(status);
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(text);
    };
    const fail = (
      status: number,
      code: number,
      message: string,
      extra: Record<string, unknown> = {},
      headers: Record<string, string> = {},
    ) =>
      send(
        status,
        {
          error: {
            message: options.echoTokenInErrors
              ? `${message} (token ${q.get('access_token') ?? ''})`
              : message,
            type: code === 100 ? 'GraphMethodException' : 'OAuthException',
            code,
            fbtrace_id: 'AbCdEfGhIjK',
            ...extra,
          },
        },
        headers,
      );

    setTimeout(() => {
      if (req.method !== 'GET') return fail(400, 100, 'Unsupported method');
      if (path === '/refresh_access_token') {
        if (q.get('grant_type') !== 'ig_refresh_token') return fail(400, 100, 'Invalid grant_type');
        if (expired || q.get('access_token') !== token)
          return fail(400, 190, 'Invalid OAuth access token');
        issued += 1;
        token = `${options.token}-refreshed-${issued}`;
        return send(200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
      }
      if (path === '/oauth/access_token') {
        if (q.get('grant_type') !== 'fb_exchange_token')
          return fail(400, 100, 'Invalid grant_type');
        if (
          !options.app ||
          q.get('client_id') !== options.app.id ||
          q.get('client_secret') !== options.app.secret
        ) {
          return fail(400, 101, 'Error validating application.');
        }
        if (expired || q.get('fb_exchange_token') !== token)
          return fail(400, 190, 'Invalid OAuth access token');
        issued += 1;
        token = `${options.token}-long-${issued}`;
        return send(200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
      }
      const fault = faults.shift();
      if (fault?.kind === 'status')
        return send(fault.status, {
          error: {
            message: 'An unexpected error has occurred.',
            type: 'OAuthException',
            code: 2,
            is_transient: true,
          },
        });
      if (fault?.kind === 'not-json') return send(502, '<html>Bad gateway</html>');
      if (q.get('access_token') !== token) {
        return fail(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      }
      if (expired) {
        return fail(400, 190, 'Error validating access token: Session has expired.', {
          error_subcode: 463,
        });
      }
      if (fault?.kind === 'rate-limit') {
        const regain = fault.regainMinutes ?? 7;
        return fail(
          400,
          fault.code,
          LIMIT_MESSAGES[fault.code]!,
          { is_transient: true },
          usageHeaders(100, regain, fault.code),
        );
      }
      if (path === '/me' && options.account) {
        return send(200, {
          user_id: options.account.id,
          username: options.account.username,
          id: `app-scoped-${options.account.id}`,
        });
      }
      const linked = (a: { id: string; username: string } | undefined) =>
        a ? { instagram_business_account: { id: a.id, username: a.username } } : {};
      if (path === '/me/accounts' && options.pages) {
        return send(200, {
          data: options.pages.map((p) => ({
            id: p.id,
            name: p.name ?? `Page ${p.id}`,
            ...linked(p.account),
          })),
          paging: {},
        });
      }
      const pageMatch = /^\/(\d+)$/.exec(path);
      if (pageMatch && options.pages) {
        const found = options.pages.find((p) => p.id === pageMatch[1]);
        if (!found) {
          return fail(
            400,
            100,
            `Unsupported get request. Object with ID '${pageMatch[1]}' does not exist`,
            {
              error_subcode: 33,
            },
          );
        }
        return send(200, { id: found.id, ...linked(found.account) });
      }
      const fields = new Set(fieldNames(q.get('fields') ?? 'id,text,timestamp'));
      for (const f of fields) {
        if (!DOCUMENTED.has(f))
          return fail(400, 100, `(#100) Tried accessing nonexisting field (${f})`);
      }
      const limitParam = Number(q.get('limit') ?? pageSize);
      const limit =
        Number.isInteger(limitParam) && limitParam > 0 ? Math.min(limitParam, 100) : pageSize;
      const match = /^\/([^/]+)\/(comments|replies)$/.exec(path);
      if (!match) return fail(400, 100, 'Unknown path components');
      const [, id, edge] = match as unknown as [string, string, string];
      let list: StandInComment[];
      let parentId: string | null = null;
      if (edge === 'comments') {
        if (id !== options.mediaId)
          return fail(400, 100, `Unsupported get request. Object with ID '${id}' does not exist`, {
            error_subcode: 33,
          });
        list = options.comments;
      } else {
        const parent = byId.get(id);
        if (!parent || parent.deleted || !parent.replies) {
          return fail(
            400,
            100,
            `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            { error_subcode: 33 },
          );
        }
        list = parent.replies;
        parentId = id;
      }
      const result = page(list, q.get('after'), limit, url.pathname, q);
      if (!result) return fail(400, 100, 'Invalid cursor');
      const replyFields = new Set(
        fieldNames((/replies\{([^}]*)\}/.exec(q.get('fields') ?? '') ?? [])[1] ?? ''),
      );
      const data = result.items.map((c) => {
        const out = shape(c, fields, parentId);
        if (
          edge === 'comments' &&
          fields.has('replies') &&
          c.replies &&
          c.replies.some((r) => !r.deleted)
        ) {
          const inline = page(
            c.replies,
            null,
            inlineReplies,
            `/${c.id}/replies`,
            new URLSearchParams({ fields: [...replyFields].join(','), access_token: token }),
          );
          out.replies = {
            data: inline!.items.map((r) => shape(r, replyFields, c.id)),
            paging: inline!.paging,
          };
        }
        return out;
      });
      return send(200, { data, paging: result.paging }, usageHeaders(usagePercent, 0, null));
    }, options.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    token: () => token,
    expireToken: () => {
      expired = true;
    },
    reset: () => {
      token = options.token;
      expired = false;
      faults.length = 0;
    },
    deleteComment: (id) => {
      const c = byId.get(id);
      if (c) c.deleted = true;
    },
    failNext: (fault, times = 1) => {
      for (let i = 0; i < times; i += 1) faults.push(fault);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
