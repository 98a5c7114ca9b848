import type { FastifyBaseLogger } from 'fastify';
import {
  type BodyPreview,
  CompileError,
  type Compiled,
  type CompileOptions,
  type CompilePool,
  CompileTimeout,
  createCompilePool,
  nestingProblem,
  previewOf,
  refusedPreview,
} from '@site/pipeline';
import { COMPILE_QUEUE_PER_ACCOUNT } from '../config';
import { badRequest, HttpError } from '../lib/http-error';

/**
 * Markdown that people type (a draft's preview, a draft being published, a post mailed as a
 * newsletter issue) compiled off the event loop: on the pipeline's worker pool, with a time limit.
 * Whatever a body does to the compiler (runs for seconds, overflows the stack, runs out of memory)
 * happens on a worker and ends as a 400 naming the body as the problem; the server goes on
 * answering everyone else meanwhile.
 */
export interface BodyCompiler {
  /**
   * compileMarkdown(body, options) on a worker. CompileError for the lines that keep it
   * unpublished. With `account`, the call takes its turn in that account's queue (see
   * AccountQueues): 429 when the queue is full.
   */
  compile(body: string, options?: CompileOptions, account?: string): Promise<Compiled>;
  /** What the editor's preview shows (problems instead of a CompileError), as previewMarkdown. */
  preview(body: string, account?: string): Promise<BodyPreview>;
  /**
   * Has a worker load the compiler now, in the background, when none is running: at the
   * server's start, and when an upload comes in (the editor's preview of it follows).
   */
  warm(): void;
  close(): Promise<void>;
}

export interface BodyCompilerOptions {
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Worker threads; by default one per core beside the server's own thread. */
  workers?: number;
  /** Another pool (tests: one whose workers fail in a given way). */
  pool?: CompilePool;
  /** Calls of one account that may wait behind its one call in flight; beyond, 429. */
  queuePerAccount?: number;
}

/** The refusal beyond an account's queue: `held` calls of the account are in flight or waiting. */
export function queueFull(held: number, timeoutMs: number): HttpError {
  return new HttpError(
    429,
    `You already have ${held} ${held === 1 ? 'text' : 'texts'} compiling, the most one account may have at once; wait a few seconds for ${held === 1 ? 'it' : 'them'} to finish, then try again.`,
    { 'retry-after': String(Math.ceil((held * timeoutMs) / 1000)) },
  );
}

/**
 * One compile in flight per account, the others of that account waiting in turn (at most
 * `limit` of them), so the shared pool never holds more than one call of any account: however
 * many slow bodies one person sends, another person's call waits for at most one of them on
 * each busy worker.
 */
class AccountQueues {
  private readonly queues = new Map<string, (() => void)[]>();

  constructor(
    private readonly limit: number,
    private readonly timeoutMs: number,
  ) {}

  async run<T>(account: string, work: () => Promise<T>): Promise<T> {
    const waiting = this.queues.get(account);
    if (!waiting) this.queues.set(account, []);
    else if (waiting.length >= this.limit) throw queueFull(waiting.length + 1, this.timeoutMs);
    else await new Promise<void>((turn) => waiting.push(turn));
    try {
      return await work();
    } finally {
      const next = this.queues.get(account)?.shift();
      if (next) next();
      else this.queues.delete(account);
    }
  }
}

/** Worker heap: a body is at most a few hundred kilobytes; its trees fit many times over. */
const WORKER_HEAP_MB = 256;
/** Compiling yields the CPU to the thread that answers requests when both want it. */
const WORKER_NICENESS = 10;
/** Workers stay this long after their last compile, so an editor's next preview finds one ready. */
const WORKER_IDLE_MS = 5 * 60_000;

export function tooComplex(timeoutMs: number): string {
  const seconds = timeoutMs / 1000;
  return `This text is too complex to preview or publish: compiling it took longer than ${seconds} second${seconds === 1 ? '' : 's'}. Long runs of * or _ and deeply nested quotes, lists or brackets are the usual cause; break them up.`;
}

export const CANNOT_COMPILE =
  'This text cannot be compiled: the markdown compiler gave up on it. Simplify the most deeply nested or most repetitive part and try again.';

export function createBodyCompiler({
  timeoutMs,
  log,
  workers,
  pool = createCompilePool({
    inThread: 0,
    timeoutMs,
    idleMs: WORKER_IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    niceness: WORKER_NICENESS,
    ...(workers ? { workers } : {}),
  }),
  queuePerAccount = COMPILE_QUEUE_PER_ACCOUNT,
}: BodyCompilerOptions): BodyCompiler {
  const accounts = new AccountQueues(queuePerAccount, timeoutMs);

  async function compileNow(body: string, options?: CompileOptions): Promise<Compiled> {
    try {
      return await pool.compile(body, options);
    } catch (error) {
      if (error instanceof CompileError) throw error;
      if (error instanceof CompileTimeout) {
        log.warn({ timeoutMs, length: body.length }, 'a markdown body overran its compile time');
        throw badRequest(tooComplex(timeoutMs));
      }
      // Anything else the compiler throws (a stack overflow, a worker out of memory) is still a
      // problem with this body, not with the server.
      log.warn({ err: error, length: body.length }, 'a markdown body failed to compile');
      throw badRequest(CANNOT_COMPILE);
    }
  }

  async function compile(
    body: string,
    options?: CompileOptions,
    account?: string,
  ): Promise<Compiled> {
    // Refused before anything parses it, in one linear pass, without taking a turn.
    const deep = nestingProblem(body);
    if (deep) throw badRequest(`Line ${deep.line} of the body ${deep.message}`);
    return account === undefined
      ? compileNow(body, options)
      : accounts.run(account, () => compileNow(body, options));
  }

  return {
    compile,
    async preview(body, account) {
      try {
        return previewOf(await compile(body, undefined, account));
      } catch (error) {
        if (!(error instanceof CompileError)) throw error;
        return refusedPreview(error);
      }
    },
    warm: () => pool.warm?.(),
    close: () => pool.close(),
  };
}
