import type { FastifyInstance } from 'fastify';

export interface RepeatingTask {
  /** How long after the app is ready the first run starts. */
  firstMs: number;
  /** How long after a run ends the next one starts. */
  everyMs: number;
  /** One run; it catches and logs its own errors. */
  run: () => Promise<unknown>;
}

/**
 * Runs `task.run` once the app is ready (after `firstMs`), then again `everyMs` after each run
 * has ended, until the app closes; closing cancels the next run and waits for one in progress.
 * The timer does not keep the process alive.
 */
export function repeatWhileOpen(app: FastifyInstance, task: RepeatingTask): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = task.run().finally(() => {
        running = null;
        schedule(task.everyMs);
      });
    }, ms);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(task.firstMs));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
