import { parentPort } from 'node:worker_threads';
import { CompileError, compileMarkdown } from './compile';
import type { CompileReply, CompileRequest } from './compile-pool';

/**
 * The thread a compile pool starts (compile-pool.ts): it compiles each body it is sent with the
 * one compileMarkdown and answers with the result or the error, under the request's id.
 */

const port = parentPort;
if (!port) throw new Error('compile-worker runs only as a worker thread of a compile pool.');

function answer({ id, body }: CompileRequest): CompileReply {
  try {
    return { id, compiled: compileMarkdown(body) };
  } catch (error) {
    // A CompileError would cross the thread as a plain Error without its problems.
    if (error instanceof CompileError) return { id, problems: error.problems };
    return { id, failure: error instanceof Error ? error : new Error(String(error)) };
  }
}

port.on('message', (request: CompileRequest) => port.postMessage(answer(request)));
// The compiler is loaded: a time limit on the calls starts from here, not from the thread's start.
port.postMessage({ ready: true } satisfies CompileReply);
