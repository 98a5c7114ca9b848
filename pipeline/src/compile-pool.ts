import os from 'node:os';
import path from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import {
  type BodyProblem,
  CompileError,
  type CompileOptions,
  type Compiled,
  compileMarkdown,
} from './compile';

/**
 * compileMarkdown on worker threads, for the Gatsby build. Gatsby runs onCreateNode for every post
 * file at once on its one main thread, where the compile of a thousand posts competes with
 * Gatsby's own node bookkeeping; in workers it runs on the other cores meanwhile. The workers run
 * the same compileMarkdown (compile-worker.ts), so a pooled result is the in-thread result, and a
 * refused body rejects with the same CompileError and problems.
 *
 * Workers start when a burst of calls outgrows IN_THREAD, up to one per core left beside the main
 * thread, and end once idle for IDLE_MS: `gatsby develop` compiles again only when a post changes,
 * and must not keep threads (and their memory) between edits. While idle they do not hold the
 * process open.
 *
 * The API server compiles what editors type (previews, publishing, newsletter issues) on such a
 * pool too, with `timeoutMs`: then each worker takes one call at a time (the others wait in the
 * pool, so the limit counts compile time only, from the moment the worker is ready), a call that
 * runs longer rejects with CompileTimeout and its worker is terminated; the next call gets a new
 * one. The server's own thread never runs the markdown stack, so no body can stall it.
 */

export interface CompileRequest {
  id: number;
  body: string;
  options?: CompileOptions;
}

export type CompileReply =
  | { ready: true }
  | { id: number; compiled: Compiled }
  | { id: number; problems: BodyProblem[] }
  | { id: number; failure: Error };

export interface CompilePoolOptions {
  /** Worker threads at most; by default one per core beside the main thread, at least one. */
  workers?: number;
  /** How many calls of a burst compile in-thread before workers take over; see IN_THREAD. */
  inThread?: number;
  /**
   * Longest time one call may compile on its worker; past it the call rejects with CompileTimeout
   * and the worker is terminated. Unset: no limit, and calls are handed to workers at once.
   */
  timeoutMs?: number;
  /** How long an idle worker is kept; see IDLE_MS. */
  idleMs?: number;
  /** Memory and stack limits of each worker (a body that exhausts them fails alone). */
  resourceLimits?: ResourceLimits;
  /**
   * Scheduling niceness of each worker thread (Linux sets it per thread; 0 to 19, higher yields
   * more): a server's compiles then give way to the thread answering requests on a busy machine.
   */
  niceness?: number;
  /** How long close() waits for a worker that is still loading; see LOAD_WAIT_MS. */
  loadWaitMs?: number;
}

/** A call that compiled for longer than the pool's `timeoutMs`; its worker was terminated. */
export class CompileTimeout extends Error {
  constructor(public readonly timeoutMs: number) {
    super(`Compiling took longer than ${timeoutMs} ms and was stopped.`);
    this.name = 'CompileTimeout';
  }
}

export interface CompilePool {
  /** compileMarkdown(body, options), on a worker thread once the burst is large enough. */
  compile(body: string, options?: CompileOptions): Promise<Compiled>;
  /**
   * Starts a worker ahead of the first call, when none is running, and has it compile a short
   * body, so the call that follows finds the compiler loaded and its code compiled (a worker's
   * first answer otherwise waits for both). The worker then idles like any other. Optional, so a
   * stand-in pool need not have it.
   */
  warm?(): void;
  /** Ends every worker; calls still waiting or running reject. */
  close(): Promise<void>;
}

/**
 * The built worker beside the built pool (dist/), found from this file's own folder so it is the
 * same wherever the site is built: Node resolves a symlinked node_modules to the real package.
 * Loaded from source (the API's tests run the TypeScript), the pool still starts the built worker,
 * as a thread runs only JavaScript.
 */
const WORKER_FILE = __filename.endsWith('.ts')
  ? path.join(__dirname, '../dist/compile-worker.js')
  : path.join(__dirname, 'compile-worker.js');

/**
 * Long enough to bridge the gaps between posts of one build (sourcing hands them over within
 * milliseconds of each other), short enough that develop gives the memory back soon after an edit.
 */
const IDLE_MS = 2_000;

/**
 * A worker takes 0.4 to 0.65 s to answer its first call (it loads the whole unified stack; measured
 * on the 2-core build machine under load), in which the main thread compiles 20 posts with time to
 * spare. So a burst of up to 20 posts (the checked-in blog, a post saved in develop) compiles
 * in-thread, where a worker would only add its start to the wait; only larger bursts (a build of
 * hundreds of posts) move to workers.
 */
const IN_THREAD = 20;

/**
 * A worker is never terminated while it is still loading the compiler: Node 20 aborts the whole
 * process ("v8::Module::IsGraphAsync must be used on an instantiated module") when a thread is
 * stopped inside require() of an ES module. close() waits for a loading worker to say it is ready
 * (0.2 to 0.65 s), and past this bound ends it anyway, as a worker that never loads must not hold
 * the server's shutdown.
 */
const LOAD_WAIT_MS = 10_000;

/** What a warming worker compiles: the constructs a post's preview uses most. */
const WARM_BODY =
  '## A heading\n\nA paragraph with *emphasis*, `code` and [a link](https://example.com/).\n\n' +
  '![A picture](media/warm.jpg)\n\n- a list\n- of two\n\n```js\nconst answer = 42;\n```\n';

interface Call {
  resolve: (compiled: Compiled) => void;
  reject: (error: Error) => void;
  /** With timeoutMs: the limit's timer, started once the worker is ready. */
  timer?: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  calls: Map<number, Call>;
  idle?: NodeJS.Timeout;
  /** The worker has loaded the compiler (it says so once). */
  ready: boolean;
  /** Settles once the worker is ready, has failed or has exited: it may then be terminated. */
  loaded: Promise<void>;
}

interface Waiting {
  request: CompileRequest;
  call: Call;
}

export function createCompilePool({
  workers = Math.max(1, os.availableParallelism() - 1),
  inThread = IN_THREAD,
  timeoutMs,
  idleMs = IDLE_MS,
  resourceLimits,
  niceness,
  loadWaitMs = LOAD_WAIT_MS,
}: CompilePoolOptions = {}): CompilePool {
  const threads = new Set<Thread>();
  /** With timeoutMs: calls waiting for a free worker, oldest first. */
  const waiting: Waiting[] = [];
  let nextId = 0;
  /** Calls since the pool was last quiet for IDLE_MS. */
  let burst = 0;
  let quiet: NodeJS.Timeout | undefined;

  /** Rejects what the thread still had (it will never answer) and lets a new one take its place. */
  function stop(thread: Thread, failure: Error): void {
    if (!threads.delete(thread)) return;
    clearTimeout(thread.idle);
    for (const call of thread.calls.values()) {
      clearTimeout(call.timer);
      call.reject(failure);
    }
    thread.calls.clear();
    drain();
  }

  /** Starts the time limit of each call the thread holds (once it is ready). */
  function startTimers(thread: Thread): void {
    if (timeoutMs === undefined || !thread.ready) return;
    for (const [id, call] of thread.calls) {
      call.timer ??= setTimeout(() => overran(thread, id), timeoutMs);
    }
  }

  /** A call ran past the limit: it rejects, and its worker (still busy with it) is ended. */
  function overran(thread: Thread, id: number): void {
    const call = thread.calls.get(id);
    if (!call || timeoutMs === undefined) return;
    thread.calls.delete(id);
    call.reject(new CompileTimeout(timeoutMs));
    void thread.worker.terminate();
    stop(thread, new Error('The markdown compile worker was stopped: a call overran its limit.'));
  }

  function start(): Thread {
    let loaded = (): void => undefined;
    const thread: Thread = {
      worker: new Worker(WORKER_FILE, {
        ...(resourceLimits ? { resourceLimits } : {}),
        ...(niceness ? { workerData: { niceness } } : {}),
      }),
      calls: new Map(),
      ready: false,
      loaded: new Promise<void>((resolve) => (loaded = resolve)),
    };
    thread.worker.once('error', () => loaded());
    thread.worker.once('exit', () => loaded());
    thread.worker.on('message', (reply: CompileReply) => {
      if ('ready' in reply) {
        thread.ready = true;
        loaded();
        startTimers(thread);
        return;
      }
      const call = thread.calls.get(reply.id);
      if (!call) return;
      thread.calls.delete(reply.id);
      clearTimeout(call.timer);
      if ('compiled' in reply) call.resolve(reply.compiled);
      else if ('problems' in reply) call.reject(new CompileError(reply.problems));
      else call.reject(reply.failure);
      if (thread.calls.size === 0) {
        const next = waiting.shift();
        if (next) send(thread, next);
        else rest(thread);
      }
    });
    thread.worker.on('error', (error) => {
      stop(
        thread,
        new Error(`The markdown compile worker crashed: ${error.message}`, { cause: error }),
      );
    });
    thread.worker.on('exit', (code) => {
      stop(
        thread,
        new Error(`The markdown compile worker stopped (exit code ${code}) before answering.`),
      );
    });
    threads.add(thread);
    return thread;
  }

  /** Resolves once the thread may be terminated safely, or after loadWaitMs in any case. */
  function untilLoaded(thread: Thread): Promise<void> {
    let bound: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (bound = setTimeout(resolve, loadWaitMs)));
    return Promise.race([thread.loaded, waited]).finally(() => clearTimeout(bound));
  }

  /** An idle thread must not hold the process open, nor its memory for longer than IDLE_MS. */
  function rest(thread: Thread): void {
    thread.worker.unref();
    thread.idle = setTimeout(() => {
      // Out of the pool at once: a call made before the thread has exited must not go to it.
      threads.delete(thread);
      void thread.worker.terminate();
    }, idleMs).unref();
  }

  function send(thread: Thread, { request, call }: Waiting): void {
    clearTimeout(thread.idle);
    thread.worker.ref();
    thread.calls.set(request.id, call);
    thread.worker.postMessage(request);
    startTimers(thread);
  }

  /** With timeoutMs: hands waiting calls to idle workers, starting workers while there is room. */
  function drain(): void {
    if (timeoutMs === undefined) return;
    while (waiting.length > 0) {
      let free: Thread | undefined;
      for (const thread of threads) if (thread.calls.size === 0) free = thread;
      if (!free && threads.size < workers) free = start();
      const next = free && waiting.shift();
      if (!free || !next) return;
      send(free, next);
    }
  }

  /** The least busy thread, or a new one while every thread has work and there is room. */
  function pick(): Thread {
    let best: Thread | undefined;
    for (const thread of threads) {
      if (!best || thread.calls.size < best.calls.size) best = thread;
    }
    return best && (best.calls.size === 0 || threads.size >= workers) ? best : start();
  }

  return {
    compile(body, options) {
      burst += 1;
      quiet ??= setTimeout(() => (burst = 0), IDLE_MS).unref();
      quiet.refresh();
      if (burst <= inThread)
        return new Promise((resolve) => resolve(compileMarkdown(body, options)));
      if (timeoutMs !== undefined) {
        const request: CompileRequest = { id: nextId++, body, ...(options ? { options } : {}) };
        return new Promise<Compiled>((resolve, reject) => {
          waiting.push({ request, call: { resolve, reject } });
          drain();
        });
      }
      const thread = pick();
      clearTimeout(thread.idle);
      thread.worker.ref();
      const id = nextId++;
      const request: CompileRequest = { id, body, ...(options ? { options } : {}) };
      return new Promise<Compiled>((resolve, reject) => {
        thread.calls.set(id, { resolve, reject });
        thread.worker.postMessage(request);
      });
    },
    warm() {
      if (threads.size > 0) return;
      const thread = start();
      // Answered like any call; nobody waits for it, and a failure is the worker's own (a new
      // one starts for the next call).
      const id = nextId++;
      thread.calls.set(id, { resolve: () => undefined, reject: () => undefined });
      thread.worker.postMessage({ id, body: WARM_BODY } satisfies CompileRequest);
      startTimers(thread);
    },
    async close() {
      const closed = new Error('The markdown compile pool was closed.');
      for (const { call } of waiting.splice(0)) call.reject(closed);
      const ending = [...threads].map(async (thread) => {
        stop(thread, closed);
        if (!thread.ready) await untilLoaded(thread);
        await thread.worker.terminate();
      });
      await Promise.all(ending);
    },
  };
}
