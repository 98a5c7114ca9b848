import { inspect } from 'node:util';
import type { InstagramComment } from '../../../src/services/instagram/comment';
import {
  createGraphClient,
  type GraphClientOptions,
  InstagramApiError,
  InstagramNetworkError,
  InstagramTokenError,
} from '../../../src/services/instagram/graph-client';
import {
  collectComments,
  importComments,
  type ImportState,
} from '../../../src/services/instagram/import';
import { AccessToken } from '../../../src/services/instagram/token';
import {
  exchangeFacebookToken,
  refreshInstagramToken,
  TokenRefreshError,
} from '../../../src/services/instagram/token-refresh';
import {
  platformTime,
  type StandIn,
  type StandInComment,
  type StandInOptions,
  startInstagramStandIn,
} from '../../helpers/instagram-stand-in';

const TOKEN = 'IGAAT0k3n-for-the-stand-in-0123456789abcdef';
const MEDIA = '17895695668004550';
const START = Date.parse('2026-11-01T10:00:00Z');

/** n top-level comments c1…cn; replies[k] = how many replies comment ck has. */
function post(n: number, replies: Record<number, number> = {}): StandInComment[] {
  const list: StandInComment[] = [];
  for (let i = 1; i <= n; i += 1) {
    const at = START + i * 60_000;
    list.push({
      id: `${1000 + i}`,
      username: `fan${i}`,
      text: `@friend${i} @other${i} count me in`,
      timestamp: platformTime(new Date(at).toISOString()),
      like_count: i % 7,
      replies: Array.from({ length: replies[i] ?? 0 }, (_, r) => ({
        id: `${1000 + i}${String(r + 1).padStart(3, '0')}`,
        username: `replier${r}`,
        text: `reply ${r}`,
        timestamp: platformTime(new Date(at + (r + 1) * 1000).toISOString()),
      })),
    });
  }
  return list;
}

function allIds(comments: StandInComment[]): string[] {
  return comments.flatMap((c) => [c.id, ...(c.replies ?? []).map((r) => r.id)]);
}

let standIn: StandIn | null = null;
afterEach(async () => {
  await standIn?.close();
  standIn = null;
});

async function start(options: Partial<StandInOptions> & { comments: StandInComment[] }) {
  standIn = await startInstagramStandIn({ token: TOKEN, mediaId: MEDIA, ...options });
  return standIn;
}

/** A fake clock: sleep records the wait and moves the clock on at once. */
function clock() {
  const c = { t: Date.parse('2026-11-30T12:00:00Z'), sleeps: [] as number[] };
  return {
    ...c,
    get sleeps() {
      return c.sleeps;
    },
    now: () => c.t,
    sleep: async (ms: number) => {
      c.sleeps.push(ms);
      c.t += ms;
    },
  };
}

function client(s: StandIn, extra: Partial<GraphClientOptions> = {}, token = TOKEN) {
  const time = clock();
  const graph = createGraphClient({
    baseUrl: s.url,
    version: 'v21.0',
    token: new AccessToken(token),
    now: time.now,
    sleep: time.sleep,
    ...extra,
  });
  return { graph, time };
}

function expectNoToken(value: unknown, token = TOKEN) {
  expect(String(value)).not.toContain(token);
  expect(inspect(value, { depth: 10 })).not.toContain(token);
  expect(JSON.stringify(value) ?? '').not.toContain(token);
  if (value instanceof Error) expect(value.stack ?? '').not.toContain(token);
}

describe('importComments against the stand-in', () => {
  test('several pages, inline replies and the replies edge: every comment once, in page batches', async () => {
    const comments = post(120, { 5: 2, 60: 7 });
    const s = await start({ comments, inlineReplies: 3 });
    const { graph } = client(s);
    const batches: number[] = [];
    const got: InstagramComment[] = [];
    const state = await importComments(graph, {
      mediaId: MEDIA,
      onComments: (batch) => {
        batches.push(batch.length);
        got.push(...batch);
      },
    });
    expect(state).toMatchObject({ status: 'complete', pages: 3, comments: 120, replies: 9 });
    expect(state.message).toBe('All 129 comments and replies read.');
    expect(got.map((c) => c.id).sort()).toEqual(allIds(comments).sort());
    expect(batches).toEqual([52, 57, 20]);
    const reply = got.find((c) => c.id === '1060007');
    expect(reply).toMatchObject({ parentId: '1060', username: 'replier6', source: 'api' });
    expect(got.find((c) => c.id === '1001')).toEqual({
      id: '1001',
      username: 'fan1',
      text: '@friend1 @other1 count me in',
      timestamp: '2026-11-01T10:01:00.000Z',
      parentId: null,
      likeCount: 1,
      source: 'api',
    });
    // The pages follow the cursors; the 4 replies beyond the 3 inline come from the edge.
    const paths = s.requests.map((r) => r.path);
    expect(paths).toEqual([
      `/${MEDIA}/comments`,
      `/${MEDIA}/comments`,
      '/1060/replies',
      `/${MEDIA}/comments`,
    ]);
    expect(s.requests[0]!.after).toBeNull();
    expect(s.requests[1]!.after).not.toBeNull();
    expectNoToken(state);
    expectNoToken(got);
  });

  test('a page size can be asked for, and unversioned paths (Instagram Login) work', async () => {
    const comments = post(30, { 3: 12 });
    const s = await start({ comments, inlineReplies: 2 });
    const { graph } = client(s, { version: null });
    const { comments: got, state } = await collectComments(graph, { mediaId: MEDIA, pageSize: 10 });
    expect(state).toMatchObject({ status: 'complete', pages: 3, comments: 30, replies: 12 });
    expect(new Set(got.map((c) => c.id)).size).toBe(42);
    expect(s.requests.filter((r) => r.path === '/1003/replies')).toHaveLength(1);
    expect(s.requests.every((r) => r.limit === '10')).toBe(true);
  });

  test('a comment deleted between two pages simply does not appear', async () => {
    const comments = post(100);
    const s = await start({ comments });
    const { graph } = client(s);
    const got: string[] = [];
    const state = await importComments(graph, {
      mediaId: MEDIA,
      onComments: (batch) => {
        got.push(...batch.map((c) => c.id));
        if (got.length === 50) s.deleteComment('1075');
      },
    });
    expect(state.status).toBe('complete');
    expect(got).toHaveLength(99);
    expect(got).not.toContain('1075');
  });

  test('a comment deleted before its replies edge is read: its thread is noted, the rest goes on', async () => {
    const comments = post(60, { 7: 10 });
    const s = await start({ comments, inlineReplies: 2 });
    const { graph } = client(s, {
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        if (String(url).includes('/comments')) s.deleteComment('1007');
        return answer;
      },
    });
    const { comments: got, state } = await collectComments(graph, { mediaId: MEDIA });
    expect(state).toMatchObject({
      status: 'complete',
      deletedThreads: 1,
      comments: 60,
      replies: 2,
    });
    expect(got.filter((c) => c.parentId === '1007')).toHaveLength(2);
    expect(s.requests.find((r) => r.path === '/1007/replies')?.status).toBe(400);
  });

  test('a page boundary that moved: comments repeated from the page before are handed over once', async () => {
    const s = await start({ comments: post(100) });
    let pageOne: unknown[] = [];
    const { graph } = client(s, {
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        const body = (await answer.json()) as { data: unknown[] };
        if (pageOne.length === 0) pageOne = body.data;
        else body.data.unshift(...pageOne.slice(-3));
        return new Response(JSON.stringify(body), { status: 200 });
      },
    });
    const batches: string[][] = [];
    const state = await importComments(graph, {
      mediaId: MEDIA,
      onComments: (batch) => {
        batches.push(batch.map((c) => c.id));
      },
    });
    expect(state).toMatchObject({ status: 'complete', comments: 100 });
    expect(batches.map((b) => b.length)).toEqual([50, 50]);
    expect(new Set(batches.flat()).size).toBe(100);
  });

  test('an expired token is an InstagramTokenError that never holds the token', async () => {
    const s = await start({ comments: post(80), echoTokenInErrors: true });
    const { graph } = client(s);
    let pages = 0;
    const error = await importComments(graph, {
      mediaId: MEDIA,
      onComments: () => {
        pages += 1;
        s.expireToken();
      },
    }).catch((e: unknown) => e);
    expect(pages).toBe(1);
    expect(error).toBeInstanceOf(InstagramTokenError);
    expect((error as InstagramTokenError).code).toBe(190);
    expect((error as InstagramTokenError).subcode).toBe(463);
    expect((error as Error).message).toMatch(/^The Instagram access token has expired/);
    expect((error as Error).message).toContain('[redacted]');
    expectNoToken(error);
  });

  test('a wrong token is the same typed error, without the token it was given', async () => {
    const s = await start({ comments: post(3), echoTokenInErrors: true });
    const wrong = 'EAAB-not-the-right-token-at-all-98765';
    const { graph } = client(s, {}, wrong);
    const error = await collectComments(graph, { mediaId: MEDIA }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstagramTokenError);
    expectNoToken(error, wrong);
  });

  test.each([
    [4, 60_000],
    [17, 60_000],
    [32, 7 * 60_000],
    [613, 7 * 60_000],
    [80002, 7 * 60_000],
  ] as const)(
    'rate limit code %p: waits %p ms (from the headers), then asks for the same cursor again',
    async (code, waited) => {
      const comments = post(150, { 70: 3 });
      const s = await start({ comments });
      const waits: number[] = [];
      const { graph, time } = client(s, { onWait: ({ until }) => waits.push(until) });
      const got: string[] = [];
      const state = await importComments(graph, {
        mediaId: MEDIA,
        onComments: (batch) => {
          got.push(...batch.map((c) => c.id));
          if (got.length === 50) s.failNext({ kind: 'rate-limit', code });
        },
      });
      expect(state.status).toBe('complete');
      expect(time.sleeps).toEqual([waited]);
      expect(waits).toHaveLength(1);
      const limited = s.requests.findIndex((r) => r.status === 400);
      expect(limited).toBe(1);
      expect(s.requests[limited + 1]!.after).toBe(s.requests[limited]!.after);
      expect(got).toHaveLength(153);
      expect(new Set(got).size).toBe(153);
      expect(state.usage?.highestPercent).toBe(1);
    },
  );

  test('a limit with no time in its headers waits longer each time it comes back', async () => {
    const s = await start({ comments: post(60) });
    const { graph, time } = client(s);
    s.failNext({ kind: 'rate-limit', code: 4 }, 3);
    const { state } = await collectComments(graph, { mediaId: MEDIA });
    expect(state.status).toBe('complete');
    expect(time.sleeps).toEqual([60_000, 120_000, 240_000]);
  });

  test('a wait longer than the client sits through is handed back: paused until …, then resumed', async () => {
    const comments = post(130, { 100: 4 });
    const s = await start({ comments });
    const { graph, time } = client(s);
    const got: string[] = [];
    const onComments = (batch: InstagramComment[]) => {
      got.push(...batch.map((c) => c.id));
      if (got.length === 50) s.failNext({ kind: 'rate-limit', code: 80002, regainMinutes: 45 });
    };
    const paused: ImportState = await importComments(graph, { mediaId: MEDIA, onComments });
    expect(time.sleeps).toEqual([]);
    expect(paused).toMatchObject({ status: 'paused', pages: 1, comments: 50 });
    expect(paused.pausedUntil).toBe('2026-11-30T12:45:00.000Z');
    expect(paused.message).toMatch(
      /^Paused until 2026-11-30 12:45 UTC: the platform is rate limiting \(code 80002\)\. 50 comments/,
    );
    expect(paused.usage?.regainMs).toBe(45 * 60_000);
    const limitedCursor = s.requests[1]!.after;
    expect(limitedCursor).not.toBeNull();

    const done = await importComments(graph, { mediaId: MEDIA, onComments, resume: paused });
    expect(done).toMatchObject({ status: 'complete', pages: 3, comments: 130, replies: 4 });
    expect(s.requests[2]!.after).toBe(limitedCursor);
    expect(got.sort()).toEqual(allIds(comments).sort());
    const requestsSoFar = s.requests.length;
    expect(await importComments(graph, { mediaId: MEDIA, onComments, resume: done })).toEqual(done);
    expect(s.requests).toHaveLength(requestsSoFar);
    await expect(
      importComments(graph, { mediaId: '999', onComments, resume: paused }),
    ).rejects.toThrow('another post');
  });

  test('near the limit (usage headers at 96 %), the client waits before its next call', async () => {
    const s = await start({ comments: post(60), usagePercent: 96 });
    const { graph, time } = client(s);
    const { state } = await collectComments(graph, { mediaId: MEDIA });
    expect(state.status).toBe('complete');
    expect(time.sleeps).toEqual([60_000]);
  });

  test('passing failures (HTTP 500, a body that is not JSON) are retried, then given up', async () => {
    const s = await start({ comments: post(10) });
    const { graph, time } = client(s);
    s.failNext({ kind: 'status', status: 500 });
    s.failNext({ kind: 'not-json' });
    const { comments } = await collectComments(graph, { mediaId: MEDIA });
    expect(comments).toHaveLength(10);
    expect(time.sleeps).toEqual([1_000, 2_000]);

    s.failNext({ kind: 'status', status: 500 }, 4);
    const error = await collectComments(graph, { mediaId: MEDIA }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstagramApiError);
    expect((error as InstagramApiError).status).toBe(500);
  });

  test('no answer within the timeout, or nobody listening, is an InstagramNetworkError', async () => {
    const s = await start({ comments: post(1), delayMs: 400 });
    const { graph } = client(s, { timeoutMs: 50, maxRetries: 0 });
    const slow = await collectComments(graph, { mediaId: MEDIA }).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(InstagramNetworkError);
    expect((slow as Error).message).toBe('The platform did not answer within 50 ms.');
    const url = s.url;
    await s.close();
    standIn = null;
    const gone = createGraphClient({
      baseUrl: url,
      version: null,
      token: new AccessToken(TOKEN),
      maxRetries: 0,
    });
    const refused = await collectComments(gone, { mediaId: MEDIA }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InstagramNetworkError);
    expectNoToken(refused);
  });

  test('the stand-in refuses fields outside the documented ones, as the platform does', async () => {
    const s = await start({ comments: post(1) });
    const { graph } = client(s);
    const error = await graph
      .get(`/${MEDIA}/comments`, { fields: 'id,mentioned_instagram_users' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstagramApiError);
    expect((error as InstagramApiError).code).toBe(100);
  });

  test('a malformed item from the platform is skipped and counted, not trusted', async () => {
    const s = await start({ comments: post(3) });
    const { graph } = client(s, {
      fetch: async (url, init) => {
        const answer = await fetch(url, init);
        const body = (await answer.json()) as { data: unknown[] };
        body.data.push({ id: '../../etc', username: 'x', timestamp: 'now' }, 'nonsense');
        return new Response(JSON.stringify(body), { status: 200 });
      },
    });
    const { comments, state } = await collectComments(graph, { mediaId: MEDIA });
    expect(comments).toHaveLength(3);
    expect(state.skipped).toBe(2);
  });
});

describe('token refresh against the stand-in', () => {
  test('Instagram Login: a token over 24 hours old is refreshed for 60 days', async () => {
    const s = await start({ comments: [] });
    const now = Date.parse('2026-11-30T12:00:00Z');
    const fresh = await refreshInstagramToken(
      new AccessToken(TOKEN),
      '2026-11-28T12:00:00Z',
      '2027-01-20T00:00:00Z',
      { baseUrl: s.url, now: () => now },
    );
    expect(fresh.token.reveal()).toBe(s.token());
    expect(fresh.token.reveal()).not.toBe(TOKEN);
    expect(fresh.expiresAt).toBe(new Date(now + 5183944 * 1000).toISOString());
    expectNoToken(fresh, fresh.token.reveal());
  });

  test('too young or already expired: refused without asking the platform', async () => {
    const s = await start({ comments: [] });
    const now = () => Date.parse('2026-11-30T12:00:00Z');
    const token = new AccessToken(TOKEN);
    await expect(
      refreshInstagramToken(token, '2026-11-30T00:00:00Z', null, { baseUrl: s.url, now }),
    ).rejects.toThrow('The token can be refreshed from 2026-12-01T00:00:00.000Z');
    await expect(
      refreshInstagramToken(token, '2026-09-01T00:00:00Z', '2026-10-31T00:00:00Z', {
        baseUrl: s.url,
        now,
      }),
    ).rejects.toBeInstanceOf(TokenRefreshError);
    expect(s.requests).toHaveLength(0);
  });

  test('an expired token at refresh is the typed token error', async () => {
    const s = await start({ comments: [], echoTokenInErrors: true });
    s.expireToken();
    const error = await refreshInstagramToken(
      new AccessToken(TOKEN),
      '2026-11-01T00:00:00Z',
      null,
      { baseUrl: s.url },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstagramTokenError);
    expectNoToken(error);
  });

  test('Facebook Login: fb_exchange_token gives a long-lived token; a bad secret never shows', async () => {
    const secret = 'app-secret-0123456789abcdef';
    const s = await start({ comments: [], app: { id: '123', secret } });
    const fresh = await exchangeFacebookToken(
      new AccessToken(TOKEN),
      { id: '123', secret: new AccessToken(secret) },
      { baseUrl: s.url },
    );
    expect(fresh.token.reveal()).toBe(s.token());
    const wrong = 'wrong-secret-0123456789';
    const error = await exchangeFacebookToken(
      new AccessToken(s.token()),
      { id: '123', secret: new AccessToken(wrong) },
      { baseUrl: s.url },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstagramApiError);
    expect((error as InstagramApiError).code).toBe(101);
    expectNoToken(error, wrong);
    expectNoToken(error, s.token());
  });
});
