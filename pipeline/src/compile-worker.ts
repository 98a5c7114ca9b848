import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { CompileError, compileMarkdown } from './compile';
import type { CompileReply, CompileRequest } from './compile-pool';

/**
 * The thread a compile pool starts (compile-pool.ts): it compiles each body it is sent with the
 * one compileMarkdown and answers with the result or the error, under the request's id.
 */

const port = parentPort;
if (!port) throw new Error('compile-worker runs only as a worker thread of a compile pool.');

// On Linux a niceness applies to the calling thread alone: this worker, not the process.
const { niceness } = (workerData ?? {}) as { niceness?: number };
if (niceness) {
  try {
    os.setPriority(niceness);
  } catch {
    // Not allowed here (or not supported): the worker runs at the process's priority.
  }
}

function answer({ id, body, options }: CompileRequest): CompileReply {
  try {
    return { id, compiled: compileMarkdown(body, options) };
  } catch (error) {
    // A CompileError would cross the thread as a plain Error without its problems.
    if (error instanceof CompileError) return { id, problems: error.problems };
    return { id, failure: error instanceof Error ? error : new Error(String(error)) };
  }
}

port.on('message', (request: CompileRequest) => port.postMessage(answer(request)));
// The compiler is loaded: a time limit on the calls starts from here, not from the thread's start.
port.postMessage({ ready: true } satisfies CompileReply);
