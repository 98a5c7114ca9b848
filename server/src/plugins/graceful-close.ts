import type { Server } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

export interface GracefulCloseOptions {
  /**
   * How long a closing server waits for its connections to end by themselves before it closes
   * the ones still idle.
   */
  drainMs: number;
}

const CLOSING_DETAIL =
  'The server is restarting. Please try again in a moment; your request was not carried out.';

/** Resolves when the server has no connection left, or after `ms`, whichever comes first. */
function connectionsEnded(server: Server, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve) => {
    const check = () =>
      server.getConnections((error, count) => {
        if (error || count === 0 || Date.now() >= deadline) resolve();
        else setTimeout(check, 25);
      });
    check();
  });
}

/**
 * Closing without resetting anyone. A keep-alive connection that looks idle to the server may
 * already carry the client's next request; destroying it then answers that request with a TCP
 * reset. So once `app.close()` is called (SIGTERM):
 * - every answer says `Connection: close`, requests in flight included, so each connection ends
 *   right after an answer, when its client knows not to send more on it;
 * - a request that arrives now gets `503` with a detail (and is not carried out);
 * - the server waits up to `drainMs` for connections to end that way; only then does Fastify stop
 *   listening and close the connections that stayed idle all along (a FIN, not a reset).
 */
export default fp(
  async function gracefulClose(app: FastifyInstance, opts: GracefulCloseOptions) {
    let closing = false;

    app.addHook('onRequest', async () => {
      if (closing) throw new HttpError(503, CLOSING_DETAIL, { 'retry-after': '5' });
    });

    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });

    app.addHook('preClose', async () => {
      closing = true;
      if (app.server.listening) await connectionsEnded(app.server, opts.drainMs);
    });
  },
  { name: 'graceful-close' },
);
