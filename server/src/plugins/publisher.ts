import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SiteBuilder, switchToCurrent } from '../services/publish/site-builder';
import { CURRENT_FILE } from '../services/publish/site-switch';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site rebuild queue behind publishing (PUBLISH_MODE=build). */
    siteBuilder: SiteBuilder;
  }
}

/** How often every process looks for a newly switched build, and for builds to run. */
const WATCH_MS = 2_000;

/**
 * Publishing with several server processes on one database and one DATA_DIR:
 * - builds (PUBLISH_MODE=build) run in one process only, the one holding the "publish-builds"
 *   lock; the others serve and queue jobs, and take the role over when its holder stops;
 * - every process serves the build DATA_DIR/site-builds/current.json names, switching when it
 *   changes (written by the builder, or by `npm run site:deploy` for PUBLISH_MODE=git).
 */
export default fp(
  async function publisher(app: FastifyInstance) {
    const { config } = app;
    const buildsDir = path.join(config.dataDir, 'site-builds');
    const builder = new SiteBuilder({
      db: app.db,
      log: app.log,
      site: app.site,
      command: config.siteBuildCommand,
      projectDir: process.cwd(),
      buildsDir,
      contentDir: config.contentDir,
      siteDir: config.siteDir,
      dataDir: config.dataDir,
      workDir: config.publishWorkDir,
      isolation: config.publishIsolation,
    });
    app.decorate('siteBuilder', builder);

    let release: (() => Promise<void>) | null = null;
    let timer: NodeJS.Timeout | null = null;
    let lastSeen = '';
    let closed = false;

    const takeBuilderRole = async () => {
      if (config.publishMode !== 'build' || release || closed) return;
      release = await app.tryLock('publish-builds');
      if (!release) return;
      app.log.info('publish: this process runs the site builds');
      await builder.start();
    };

    const watch = async () => {
      try {
        const stat = await fs.stat(path.join(buildsDir, CURRENT_FILE)).catch(() => null);
        const seen = stat ? `${stat.mtimeMs}:${stat.size}` : '';
        if (seen !== lastSeen) {
          lastSeen = seen;
          await switchToCurrent({ buildsDir, siteDir: config.siteDir, site: app.site });
        }
        await takeBuilderRole();
        // Jobs queued through another process wait for this one's next look.
        if (release) builder.kick();
      } catch (error) {
        app.log.warn({ err: error }, 'publish: could not check for a new build or queued jobs');
      }
    };

    app.addHook('onReady', async () => {
      await takeBuilderRole();
      if (!release) await watch();
      timer = setInterval(() => void watch(), WATCH_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearInterval(timer);
      await builder.close();
      await release?.();
    });
  },
  { name: 'publisher', dependencies: ['db'] },
);
