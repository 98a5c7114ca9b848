import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as WorkerThreads from 'node:worker_threads';
import type * as Source from '../index';

/**
 * A worker thread runs JavaScript, so the pool is tested as Gatsby loads it: from the built package
 * (pipeline/dist, built here from this source; tsc -b does nothing when it is current). What it
 * must match is compileMarkdown as Gatsby's main thread ran it: the same package in plain Node.
 * (Loaded twice in one Jest run, the package would have two Prism instances sharing one global,
 * and code fences whose grammar Prism loads on demand would fail in one of them.)
 */
const PIPELINE = path.join(__dirname, '../..');
const DIST = path.join(PIPELINE, 'dist/index.js');

type Settled = { compiled: Source.Compiled } | { problems: Source.BodyProblem[] };

/** compileMarkdown run in-thread by plain Node, each body's result or the problems refusing it. */
function compiledInThread(bodies: string[]): Settled[] {
  const script = `const { CompileError, compileMarkdown } = require(${JSON.stringify(DIST)});
    const bodies = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    console.log(JSON.stringify(bodies.map((body) => {
      try {
        return { compiled: compileMarkdown(body) };
      } catch (error) {
        if (!(error instanceof CompileError)) throw error;
        return { problems: error.problems };
      }
    })));`;
  const output = execFileSync(process.execPath, ['-e', script], {
    input: JSON.stringify(bodies),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 ** 2,
  });
  return JSON.parse(output) as Settled[];
}

/** What the pool makes of a body, in the same shape. */
function settle(pool: Source.CompilePool, body: string): Promise<Settled> {
  return pool.compile(body).then(
    (compiled) => ({ compiled }),
    (error: Source.CompileError) => ({ problems: error.problems }),
  );
}

const corpus = path.join(PIPELINE, 'corpus');
const BODIES = [
  ...['prose', 'hostile'].flatMap((kind) =>
    fs
      .readdirSync(path.join(corpus, kind))
      .filter((name) => name.endsWith('.md'))
      .map((name) => fs.readFileSync(path.join(corpus, kind, name), 'utf8')),
  ),
  '# Title\n\n## Why *agents*?\n\n```js{1}\nconst a = 1;\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |',
  'A first paragraph long enough to be cut. '.repeat(10),
  '',
];
const REFUSED = 'Fine.\n\nA bell \u0007 here.\n\nAnd half an emoji \ud83d here.';
const MANY = Array.from({ length: 200 }, (_, i) =>
  i % 50 === 7 ? REFUSED : `## Post ${i}\n\n${BODIES[i % BODIES.length]}`,
);
const BODY = BODIES[0] ?? '';

let pipeline: typeof Source;
let expected: Map<string, Settled>;
/** Every worker the pools start, in order; emptied before each test. */
const started: WorkerThreads.Worker[] = [];
/** Code for the next workers to run instead of the worker file, one each: threads that die. */
const replacements: string[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', PIPELINE]);
  jest.doMock('node:worker_threads', () => {
    const real = jest.requireActual<typeof WorkerThreads>('node:worker_threads');
    class RecordedWorker extends real.Worker {
      constructor(file: string | URL, options?: WorkerThreads.WorkerOptions) {
        const replacement = replacements.shift();
        super(replacement ?? file, replacement === undefined ? options : { eval: true });
        started.push(this);
      }
    }
    return { ...real, Worker: RecordedWorker };
  });
  pipeline = (await import(DIST)) as typeof Source;
  const bodies = [...BODIES, REFUSED, ...MANY];
  const results = compiledInThread(bodies);
  expected = new Map(bodies.map((body, i) => [body, results[i] as Settled]));
}, 120_000);

beforeEach(() => {
  started.length = 0;
  replacements.length = 0;
});

describe('createCompilePool', () => {
  it('compiles on a worker exactly as compileMarkdown does in-thread', async () => {
    const pool = pipeline.createCompilePool({ inThread: 0 });
    for (const body of BODIES) expect(await settle(pool, body)).toEqual(expected.get(body));
    expect(started).toHaveLength(1);
  });

  it('rejects a refused body with a CompileError naming its lines, as compileMarkdown does', async () => {
    const pool = pipeline.createCompilePool({ inThread: 0 });
    const error: unknown = await pool.compile(REFUSED).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(pipeline.CompileError);
    const { problems } = error as Source.CompileError;
    expect({ problems }).toEqual(expected.get(REFUSED));
    expect(problems.map((problem) => problem.line)).toEqual([3, 5]);
  });

  it('answers many concurrent calls, each with its own result, across its workers', async () => {
    const pool = pipeline.createCompilePool({ inThread: 0, workers: 2 });
    const settled = await Promise.all(MANY.map((body) => settle(pool, body)));
    expect(settled).toEqual(MANY.map((body) => expected.get(body)));
    expect(started).toHaveLength(2);
  });

  it.each([
    ['throws', "throw new Error('boom')", 'The markdown compile worker crashed: boom'],
    [
      'exits',
      'process.exit(3)',
      'The markdown compile worker stopped (exit code 3) before answering.',
    ],
  ])(
    'rejects the pending calls of a worker that %s, and goes on with a new one',
    async (_, crash, message) => {
      replacements.push(
        `require('node:worker_threads').parentPort.once('message', () => { ${crash}; });`,
      );
      const pool = pipeline.createCompilePool({ inThread: 0 });
      const calls = BODIES.slice(0, 3).map((body) => pool.compile(body));
      for (const call of calls) await expect(call).rejects.toThrow(message);
      expect(await settle(pool, BODY)).toEqual(expected.get(BODY));
      expect(started).toHaveLength(2);
    },
  );

  it('compiles a small burst in-thread, a larger one on a worker that ends once idle', async () => {
    const pool = pipeline.createCompilePool();
    const burst = await Promise.all(Array.from({ length: 20 }, () => settle(pool, BODY)));
    expect(started).toHaveLength(0);
    expect(burst).toEqual(Array.from({ length: 20 }, () => expected.get(BODY)));
    expect(await settle(pool, BODY)).toEqual(expected.get(BODY));
    const [worker] = started;
    if (!worker) throw new Error('The 21st call of a burst started no worker.');
    await once(worker, 'exit');
    // The burst is over too: the next post saved in develop compiles in-thread.
    expect(await settle(pool, BODY)).toEqual(expected.get(BODY));
    expect(started).toHaveLength(1);
  });
});

describe('createCompilePool with a time limit (the API server)', () => {
  const slowBody = (name: string) => {
    const source = fs.readFileSync(path.join(corpus, 'pathological', name), 'utf8');
    return source.slice(source.indexOf('\n---\n', 4) + 5);
  };
  const HANGS = `const { parentPort } = require('node:worker_threads');
    parentPort.postMessage({ ready: true });
    parentPort.on('message', () => { for (;;); });`;

  it('rejects a call that overruns with CompileTimeout, ends its worker and starts a new one', async () => {
    replacements.push(HANGS);
    const pool = pipeline.createCompilePool({ inThread: 0, workers: 1, timeoutMs: 300 });
    try {
      const since = Date.now();
      const hung = pool.compile(BODY).catch((error: unknown) => error);
      const queued = settle(pool, BODY);
      const [hanging] = started;
      if (!hanging) throw new Error('The pool started no worker.');
      const exited = once(hanging, 'exit');
      expect(await hung).toBeInstanceOf(pipeline.CompileTimeout);
      expect(Date.now() - since).toBeLessThan(3_000);
      // The overrunning worker is terminated, and the call that waited behind it is answered by
      // a fresh one.
      await exited;
      expect(await queued).toEqual(expected.get(BODY));
      expect(started).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });

  it('keeps the calling thread free while a pathological body runs into the limit', async () => {
    const pool = pipeline.createCompilePool({ inThread: 0, workers: 1, timeoutMs: 1_000 });
    try {
      // A warm worker: the limit counts compiling, not loading the compiler.
      expect(await settle(pool, BODY)).toEqual(expected.get(BODY));
      let last = performance.now();
      let longestGap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 5);
      const started = Date.now();
      const outcome = await pool.compile(slowBody('slow-emphasis-runs.md')).then(
        () => 'compiled',
        (error: unknown) => error,
      );
      clearInterval(ticker);
      expect(outcome).toBeInstanceOf(pipeline.CompileTimeout);
      expect(Date.now() - started).toBeLessThan(2_500);
      // Compiled on this thread, the body would hold the timer back for the whole 1 s limit;
      // half of it leaves room for a busy machine delaying a tick without hiding that.
      expect(longestGap).toBeLessThan(500);
      expect(await settle(pool, BODY)).toEqual(expected.get(BODY));
    } finally {
      await pool.close();
    }
  });

  it('answers calls one at a time per worker, each within the limit, in order of arrival', async () => {
    const pool = pipeline.createCompilePool({ inThread: 0, workers: 2, timeoutMs: 5_000 });
    try {
      const bodies = MANY.slice(0, 30);
      const settled = await Promise.all(bodies.map((body) => settle(pool, body)));
      expect(settled).toEqual(bodies.map((body) => expected.get(body)));
      expect(started).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });

  it('warms a worker ahead of the first call, which it then answers; never a second one', async () => {
    const pool = pipeline.createCompilePool({ inThread: 0, workers: 1, timeoutMs: 5_000 });
    try {
      pool.warm?.();
      pool.warm?.();
      expect(started).toHaveLength(1);
      const [warmed] = started;
      if (!warmed) throw new Error('warm() started no worker.');
      // The warming compile is answered before the call below is handed over.
      const answered = new Promise<void>((resolve) => {
        warmed.on('message', (reply: object) => {
          if ('compiled' in reply) resolve();
        });
      });
      await answered;
      expect(await settle(pool, BODY)).toEqual(expected.get(BODY));
      expect(started).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it('answers a call made while its worker is still warming, once the warming is done', async () => {
    const pool = pipeline.createCompilePool({ inThread: 0, workers: 1, timeoutMs: 5_000 });
    try {
      pool.warm?.();
      expect(await settle(pool, BODY)).toEqual(expected.get(BODY));
      expect(started).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });

  it('closed while its worker is still loading, ends that worker only once it has loaded', async () => {
    const pool = pipeline.createCompilePool({ inThread: 0, workers: 1, timeoutMs: 5_000 });
    pool.warm?.();
    const [loading] = started;
    if (!loading) throw new Error('warm() started no worker.');
    let ready = false;
    loading.on('message', (reply: object) => {
      if ('ready' in reply) ready = true;
    });
    const terminate = loading.terminate.bind(loading);
    const readyWhenEnded: boolean[] = [];
    loading.terminate = () => {
      readyWhenEnded.push(ready);
      return terminate();
    };
    await pool.close();
    expect(readyWhenEnded).toEqual([true]);
  });

  it('closed while a worker never finishes loading, ends it after loadWaitMs', async () => {
    replacements.push('setInterval(() => undefined, 1_000);');
    const pool = pipeline.createCompilePool({
      inThread: 0,
      workers: 1,
      timeoutMs: 5_000,
      loadWaitMs: 300,
    });
    pool.warm?.();
    const [stuck] = started;
    if (!stuck) throw new Error('warm() started no worker.');
    const exited = once(stuck, 'exit');
    await pool.close();
    await exited;
  });

  it('rejects the call of a worker that crashes, and goes on with a new one', async () => {
    replacements.push(`const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ ready: true });
      parentPort.once('message', () => { throw new RangeError('Maximum call stack size exceeded'); });`);
    const pool = pipeline.createCompilePool({ inThread: 0, workers: 1, timeoutMs: 5_000 });
    try {
      await expect(pool.compile(BODY)).rejects.toThrow('Maximum call stack size exceeded');
      expect(await settle(pool, BODY)).toEqual(expected.get(BODY));
      expect(started).toHaveLength(2);
    } finally {
      await pool.close();
    }
  });
});

describe('the built package', () => {
  it('finds its worker through a symlinked node_modules and does not keep the process alive', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'pipeline-pool-'));
    try {
      fs.symlinkSync(path.join(PIPELINE, '../node_modules'), path.join(site, 'node_modules'));
      const script = `require('@site/pipeline').createCompilePool({ inThread: 0 })
        .compile(${JSON.stringify(BODY)})
        .then((compiled) => console.log(JSON.stringify({ compiled, at: Date.now() })));`;
      const child = spawnSync(process.execPath, ['-e', script], {
        cwd: site,
        encoding: 'utf8',
        timeout: 60_000,
      });
      const exitedAt = Date.now();
      expect(child.stderr).toBe('');
      const { compiled, at } = JSON.parse(child.stdout) as {
        compiled: Source.Compiled;
        at: number;
      };
      expect({ compiled }).toEqual(expected.get(BODY));
      // An idle worker holding the process open would keep it for the pool's idle time (2 s).
      expect(exitedAt - at).toBeLessThan(1_900);
    } finally {
      fs.rmSync(site, { recursive: true, force: true });
    }
  });
});
