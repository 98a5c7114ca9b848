import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SiteBuilder } from '../services/publish/site-builder';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site rebuild queue behind publishing (PUBLISH_MODE=build). */
    siteBuilder: SiteBuilder;
  }
}

/** Starts the rebuild queue once the server is ready and stops a running build on close. */
export default fp(
  async function publisher(app: FastifyInstance) {
    const { config } = app;
    const builder = new SiteBuilder({
      db: app.db,
      log: app.log,
      site: app.site,
      command: config.siteBuildCommand,
      projectDir: process.cwd(),
      buildsDir: path.join(config.dataDir, 'site-builds'),
      contentDir: config.contentDir,
      siteDir: config.siteDir,
      dataDir: config.dataDir,
      workDir: config.publishWorkDir,
      isolation: config.publishIsolation,
    });
    app.decorate('siteBuilder', builder);
    app.addHook('onReady', async () => {
      if (config.publishMode === 'build') await builder.start();
    });
    app.addHook('onClose', async () => builder.close());
  },
  { name: 'publisher', dependencies: ['db'] },
);
