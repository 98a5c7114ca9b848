import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type CompilePool, readPostFile } from '@site/pipeline';
import { createBodyCompiler } from '../../../../src/services/body-compiler';
import { buildTestApp, type TestApp, userWithToken } from '../../../helpers/build';
import { makeContentDir } from './fixtures';

/*
 * The compile pool is shared by every editor. One account has one compile in flight and a short
 * queue behind it (COMPILE_QUEUE_PER_ACCOUNT); beyond that its calls are refused with 429, so
 * however many slow previews one editor sends, another editor's preview waits for at most the one
 * in flight.
 */

jest.setTimeout(120_000);

const slow = (() => {
  const name = 'slow-emphasis-runs.md';
  const file = path.join(__dirname, '../../../../../pipeline/corpus/pathological', name);
  const read = readPostFile(fs.readFileSync(file, 'utf8'), name);
  if (!read.ok) throw new Error(read.errors.join('\n'));
  return read.body;
})();

describe('on a server, with the real worker pool', () => {
  let t: TestApp;
  let content: ReturnType<typeof makeContentDir>;

  beforeAll(async () => {
    content = makeContentDir();
    // On the two-core test machine the pool has one worker: editors share everything.
    t = await buildTestApp({ CONTENT_DIR: content.dir });
  });
  afterAll(async () => {
    await t.close();
    content.remove();
  });

  function preview(authorization: string, body: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/drafts/preview',
      headers: { authorization },
      payload: { body },
    });
  }

  test("8 slow previews from one editor: another editor's preview is answered after at most one of them, and beyond the queue the first editor gets 429", async () => {
    const busy = await userWithToken(t.app, 'editor');
    const other = await userWithToken(t.app, 'editor');
    expect((await preview(other.authorization, 'warm up')).statusCode).toBe(200);

    const order: string[] = [];
    let refusals = 0;
    let fiveRefused: () => void = () => undefined;
    const refusedFive = new Promise<void>((resolve) => (fiveRefused = resolve));
    const slowOnes = Array.from({ length: 8 }, () =>
      preview(busy.authorization, slow).then((res) => {
        order.push(`busy-${res.statusCode}`);
        if (res.statusCode === 429 && (refusals += 1) === 5) fiveRefused();
        return res;
      }),
    );
    // The refusals come back at once; by then one slow preview is in flight and two wait.
    await refusedFive;
    const mine = preview(other.authorization, '## Quick\n\nA *short* note.').then((res) => {
      order.push(`other-${res.statusCode}`);
      return res;
    });
    const answer = await mine;
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ html: string }>().html).toContain('<em>short</em>');

    const answers = await Promise.all(slowOnes);
    const refused = answers.filter((res) => res.statusCode === 429);
    // One in flight and two waiting (the default queue); the other five are refused.
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.json()).toEqual({
        detail: expect.stringMatching(
          /^You already have 3 texts compiling, the most one account may have at once; wait a few seconds for them to finish, then try again\.$/,
        ),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(3);
    // The other editor waited for the one slow preview in flight at most, never for the queue.
    const taken = order.filter((entry) => entry !== 'busy-429');
    expect(taken.indexOf('other-200')).toBeLessThanOrEqual(1);

    // The queue has emptied: the busy editor may preview again.
    expect((await preview(busy.authorization, 'back to normal')).statusCode).toBe(200);
  });
});

describe('the queue of one account', () => {
  const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;

  /** A pool with one worker: calls run one at a time, oldest first, each until the test ends it. */
  function oneWorker() {
    const queue: { body: string; finish: () => void }[] = [];
    const started: string[] = [];
    let running = false;
    const next = () => {
      const call = queue[0];
      if (running || !call) return;
      running = true;
      started.push(call.body);
    };
    const pool: CompilePool = {
      compile: (body) =>
        new Promise((resolve) => {
          queue.push({
            body,
            finish: () =>
              resolve({ html: `<p>${body}</p>`, headings: [], plainText: body } as never),
          });
          next();
        }),
      close: async () => undefined,
    };
    /** Ends the call in flight and starts the next. */
    const finishOne = async () => {
      const call = queue.shift();
      running = false;
      call?.finish();
      next();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { pool, started, finishOne };
  }

  test("one account's calls reach the pool one at a time; another account's call goes next", async () => {
    const worker = oneWorker();
    const compiler = createBodyCompiler({ timeoutMs: 2_000, log, pool: worker.pool });
    const busy = [1, 2, 3].map((n) => compiler.compile(`a${n}`, undefined, 'account-1'));
    await new Promise((resolve) => setImmediate(resolve));
    const other = compiler.compile('b1', undefined, 'account-2');
    await new Promise((resolve) => setImmediate(resolve));
    await worker.finishOne();
    await worker.finishOne();
    await worker.finishOne();
    await worker.finishOne();
    await Promise.all([...busy, other]);
    expect(worker.started).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  test('COMPILE_QUEUE_PER_ACCOUNT bounds the waiting calls; 0 allows only the one in flight', async () => {
    const worker = oneWorker();
    const compiler = createBodyCompiler({
      timeoutMs: 2_000,
      log,
      pool: worker.pool,
      queuePerAccount: 0,
    });
    const first = compiler.compile('a1', undefined, 'account-1');
    const second = await compiler
      .compile('a2', undefined, 'account-1')
      .catch((error: unknown) => error);
    expect(second).toMatchObject({
      statusCode: 429,
      message:
        'You already have 1 text compiling, the most one account may have at once; wait a few seconds for it to finish, then try again.',
    });
    await worker.finishOne();
    await first;
    // Its turn over, the account may compile again.
    const third = compiler.compile('a3', undefined, 'account-1');
    await new Promise((resolve) => setImmediate(resolve));
    await worker.finishOne();
    await expect(third).resolves.toMatchObject({ plainText: 'a3' });
  });
});
