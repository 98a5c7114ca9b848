import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { CompileError, type CompilePool, CompileTimeout, readPostFile } from '@site/pipeline';
import {
  CANNOT_COMPILE,
  createBodyCompiler,
  tooComplex,
} from '../../../../src/services/body-compiler';
import { buildTestApp, type TestApp, userWithToken } from '../../../helpers/build';
import { makeContentDir } from './fixtures';

/*
 * Markdown written to stall or crash the compiler (pipeline/corpus/pathological) sent to the
 * editor's preview of a real listening server: nesting is refused before parsing, a body that
 * compiles too long is stopped at the time limit on its worker, and meanwhile /health keeps
 * answering at once.
 */

jest.setTimeout(120_000);

const corpus = path.join(__dirname, '../../../../../pipeline/corpus/pathological');
const bodies = fs
  .readdirSync(corpus)
  .filter((name) => name.endsWith('.md'))
  .map((name) => {
    const read = readPostFile(fs.readFileSync(path.join(corpus, name), 'utf8'), name);
    if (!read.ok) throw new Error(read.errors.join('\n'));
    return [name, read.body] as const;
  });

let t: TestApp;
let content: ReturnType<typeof makeContentDir>;
let base: string;
let editor: { authorization: string };

beforeAll(async () => {
  content = makeContentDir();
  t = await buildTestApp({ CONTENT_DIR: content.dir, RATE_LIMIT_PREVIEW: '1000' });
  editor = await userWithToken(t.app, 'editor');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  content.remove();
});

function preview(body: string) {
  return fetch(`${base}/api/v1/drafts/preview`, {
    method: 'POST',
    headers: { authorization: editor.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
}

test('deep nesting is a 400 naming the line, decided before anything parses it', async () => {
  for (const [name, body] of bodies.filter(([name]) => name.startsWith('nested-'))) {
    const started = Date.now();
    const res = await preview(body);
    const answer = (await res.json()) as { detail?: string };
    expect([name, res.status]).toEqual([name, 400]);
    expect(answer.detail).toMatch(/^Line \d+ of the body has .* nested .*at most 32/);
    expect(Date.now() - started).toBeLessThan(1_000);
  }
  // Just inside the bound compiles as usual.
  const res = await preview(`${'> '.repeat(32)}deep but allowed`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { html: string }).html).toContain('deep but allowed');
});

test('a body that compiles too long is a 400 "too complex" at the time limit, and the next preview works', async () => {
  const [, body] = bodies.find(([name]) => name === 'slow-emphasis-runs.md') ?? [];
  const started = Date.now();
  const res = await preview(body ?? '');
  expect(Date.now() - started).toBeLessThan(6_000);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { detail: string }).detail).toMatch(
    /^This text is too complex to preview or publish: compiling it took longer than 2 seconds\./,
  );
  const next = await preview('## Fine\n\nA *normal* post.');
  expect(next.status).toBe(200);
  expect(((await next.json()) as { html: string }).html).toContain('<em>normal</em>');
});

test('/health keeps answering while every pathological body is being previewed: no compile holds the event loop', async () => {
  // A warm worker, as on a server in use: the time limit counts compiling, not starting it.
  expect((await preview('warm up')).status).toBe(200);
  const running = Promise.all(bodies.map(([, body]) => preview(body).then((res) => res.status)));
  let done = false;
  void running.finally(() => (done = true));
  const latencies: number[] = [];
  // Bounded: at most 200 probes, one every 20 ms, over loopback.
  for (let probe = 0; probe < 200 && !done; probe += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/health`);
    latencies.push(performance.now() - started);
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const statuses = await running;
  expect(statuses.every((status) => status === 400 || status === 200)).toBe(true);
  expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(
    bodies.filter(([name]) => name.startsWith('nested-')).length + 1,
  );
  expect(latencies.length).toBeGreaterThan(10);
  // A compile on the event loop holds every probe for up to the 2 s time limit (9 s before the
  // limit existed); off it, an idle machine answers in tens of milliseconds. The bounds sit far
  // from the first and leave room for a busy test machine's scheduler (a p95 of 112 ms has been
  // seen there under load), so the test fails on a blocked loop and not on a slow machine.
  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? Infinity;
  expect(p95).toBeLessThan(500);
  expect(sorted[sorted.length - 1]).toBeLessThan(1_000);
});

describe('whatever the compiler does, the answer is about the body', () => {
  const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;
  const failing = (error: Error): CompilePool => ({
    compile: () => Promise.reject(error),
    close: async () => undefined,
  });

  test.each([
    ['a stack overflow', new RangeError('Maximum call stack size exceeded')],
    ['a worker out of memory', new Error('Worker terminated due to reaching memory limit')],
    ['a crashed worker', new Error('The markdown compile worker crashed: boom')],
  ])('%s is a 400 that names the body, never a 500', async (_, error) => {
    const compiler = createBodyCompiler({ timeoutMs: 2_000, log, pool: failing(error) });
    const thrown = await compiler.preview('anything').catch((caught: unknown) => caught);
    expect(thrown).toMatchObject({ statusCode: 400, message: CANNOT_COMPILE });
  });

  test('a time-out is a 400 saying the text is too complex', async () => {
    const compiler = createBodyCompiler({
      timeoutMs: 2_000,
      log,
      pool: failing(new CompileTimeout(2_000)),
    });
    await expect(compiler.compile('anything')).rejects.toMatchObject({
      statusCode: 400,
      message: tooComplex(2_000),
    });
  });

  test('a body the pipeline refuses still comes back as problems in the preview', async () => {
    const problems = [{ line: 2, message: 'contains an invisible control character' }];
    const compiler = createBodyCompiler({
      timeoutMs: 2_000,
      log,
      pool: failing(new CompileError(problems)),
    });
    expect(await compiler.preview('x')).toEqual({
      html: '',
      headings: [],
      reading_time: 1,
      word_count: 0,
      problems,
    });
  });
});

describe('previews and publishing are limited per account', () => {
  let limited: TestApp;
  let limitedContent: ReturnType<typeof makeContentDir>;
  beforeAll(async () => {
    limitedContent = makeContentDir();
    limited = await buildTestApp({
      CONTENT_DIR: limitedContent.dir,
      RATE_LIMIT_PREVIEW: '3',
      RATE_LIMIT_PUBLISH: '2',
    });
  });
  afterAll(async () => {
    await limited.close();
    limitedContent.remove();
  });

  const send = (
    who: { authorization: string },
    url: string,
    remoteAddress: string,
    payload?: object,
  ) =>
    limited.app.inject({
      method: 'POST',
      url,
      headers: { authorization: who.authorization },
      remoteAddress,
      ...(payload ? { payload } : {}),
    });

  test('the preview: an account over its limit waits, whatever its address; a colleague does not', async () => {
    const dana = await userWithToken(limited.app, 'editor');
    const eli = await userWithToken(limited.app, 'editor');
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await send(dana, '/api/v1/drafts/preview', `10.0.0.${i}`, { body: 'x' })).statusCode,
      ).toBe(200);
    }
    const refused = await send(dana, '/api/v1/drafts/preview', '10.9.9.9', { body: 'x' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().detail).toMatch(/^Too many requests from your account\. Please wait/);
    // Same address as Dana's last, another account: not held back.
    expect((await send(eli, '/api/v1/drafts/preview', '10.0.0.2', { body: 'x' })).statusCode).toBe(
      200,
    );
    // The newsletter's preview compiles too and counts on its own, per account as well.
    const issuePreview = await limited.app.inject({
      url: '/api/v1/newsletter/issues/preview/already-out',
      headers: { authorization: dana.authorization },
    });
    expect(issuePreview.statusCode).toBe(200);
  });

  test('publishing and unpublishing: each at most RATE_LIMIT_PUBLISH an hour per account', async () => {
    const dana = await userWithToken(limited.app, 'editor');
    const eli = await userWithToken(limited.app, 'editor');
    // No such draft: refused, but counted; the limit is on requests, so none can flood builds.
    for (let i = 0; i < 2; i += 1) {
      expect((await send(dana, '/api/v1/drafts/999/publish', `10.1.0.${i}`)).statusCode).toBe(404);
    }
    const refused = await send(dana, '/api/v1/drafts/999/publish', '10.1.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect((await send(eli, '/api/v1/drafts/999/publish', '10.1.0.1')).statusCode).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      expect((await send(dana, '/api/v1/posts/nope/unpublish', '10.1.0.1')).statusCode).toBe(404);
    }
    expect((await send(dana, '/api/v1/posts/nope/unpublish', '10.1.0.1')).statusCode).toBe(429);
  });
});
