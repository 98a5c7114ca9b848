import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { type BodyCompiler, createBodyCompiler } from '../services/body-compiler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles markdown people typed on worker threads, with COMPILE_TIMEOUT_SECONDS. */
    compiler: BodyCompiler;
  }
}

/** `app.compiler`: the markdown worker pool; its workers end with the server. */
export default fp(
  async function compiler(app: FastifyInstance) {
    app.decorate(
      'compiler',
      createBodyCompiler({
        timeoutMs: app.config.compileTimeoutMs,
        queuePerAccount: app.config.compileQueuePerAccount,
        log: app.log,
      }),
    );
    app.addHook('onClose', async () => app.compiler.close());
  },
  { name: 'compiler' },
);
