import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type BodyProblem, CompileError, type Compiled, compileMarkdown } from './compile';

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
 */

export interface CompileRequest {
  id: number;
  body: string;
}

export type CompileReply =
  | { id: number; compiled: Compiled }
  | { id: number; problems: BodyProblem[] }
  | { id: number; failure: Error };

export interface CompilePoolOptions {
  /** Worker threads at most; by default one per core beside the main thread, at least one. */
  workers?: number;
  /** How many calls of a burst compile in-thread before workers take over; see IN_THREAD. */
  inThread?: number;
}

export interface CompilePool {
  /** compileMarkdown(body), on a worker thread once the burst is large enough. */
  compile(body: string): Promise<Compiled>;
}

/**
 * The built worker beside the built pool (dist/), found from this file's own folder so it is the
 * same wherever the site is built: Node resolves a symlinked node_modules to the real package.
 */
const WORKER_FILE = path.join(__dirname, 'compile-worker.js');

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

interface Call {
  resolve: (compiled: Compiled) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  calls: Map<number, Call>;
  idle?: NodeJS.Timeout;
}

export function createCompilePool({
  workers = Math.max(1, os.availableParallelism() - 1),
  inThread = IN_THREAD,
}: CompilePoolOptions = {}): CompilePool {
  const threads = new Set<Thread>();
  let nextId = 0;
  /** Calls since the pool was last quiet for IDLE_MS. */
  let burst = 0;
  let quiet: NodeJS.Timeout | undefined;

  /** Rejects what the thread still had (it will never answer) and lets a new one take its place. */
  function stop(thread: Thread, failure: Error): void {
    threads.delete(thread);
    clearTimeout(thread.idle);
    for (const call of thread.calls.values()) call.reject(failure);
    thread.calls.clear();
  }

  function start(): Thread {
    const thread: Thread = { worker: new Worker(WORKER_FILE), calls: new Map() };
    thread.worker.on('message', (reply: CompileReply) => {
      const call = thread.calls.get(reply.id);
      if (!call) return;
      thread.calls.delete(reply.id);
      if ('compiled' in reply) call.resolve(reply.compiled);
      else if ('problems' in reply) call.reject(new CompileError(reply.problems));
      else call.reject(reply.failure);
      if (thread.calls.size === 0) rest(thread);
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

  /** An idle thread must not hold the process open, nor its memory for longer than IDLE_MS. */
  function rest(thread: Thread): void {
    thread.worker.unref();
    thread.idle = setTimeout(() => {
      // Out of the pool at once: a call made before the thread has exited must not go to it.
      threads.delete(thread);
      void thread.worker.terminate();
    }, IDLE_MS).unref();
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
    compile(body) {
      burst += 1;
      quiet ??= setTimeout(() => (burst = 0), IDLE_MS).unref();
      quiet.refresh();
      if (burst <= inThread) return new Promise((resolve) => resolve(compileMarkdown(body)));
      const thread = pick();
      clearTimeout(thread.idle);
      thread.worker.ref();
      const id = nextId++;
      const request: CompileRequest = { id, body };
      return new Promise<Compiled>((resolve, reject) => {
        thread.calls.set(id, { resolve, reject });
        thread.worker.postMessage(request);
      });
    },
  };
}
