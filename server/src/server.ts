import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connect } from './db/connect';
import { ensureFirstAdmin } from './services/accounts';
import { markRunning } from './services/running-servers';
import { rulesWriter } from './services/giveaways/rules-store';
import { sampleCompanyFactsWarning } from './services/site-facts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Tells `npm run restore` that this DATA_DIR is in use while the process lives (from before
  // the migrations until it exits).
  const unmark = markRunning(config.dataDir, config.port);
  process.on('exit', () => unmark());

  const connection = await connect(config.databaseUrl, process.cwd(), {
    applicationName: 'agentworks-server',
    migrations: { giveawayRules: rulesWriter(config.siteTimezone) },
  });
  // Printed, not logged: the generated password must not end up in log storage.
  await ensureFirstAdmin(connection.db, config, (text) => process.stdout.write(`${text}\n`));
  const app = await buildApp({ config, connection });
  if (connection.migrated.length > 0)
    app.log.info({ migrations: connection.migrated }, 'database migrations applied');
  const sampleFacts = sampleCompanyFactsWarning(config.contentDir);
  if (sampleFacts) app.log.warn(sampleFacts);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      unmark();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The markdown compiler loads on a worker meanwhile, so the first preview does not wait for it.
  app.compiler.warm();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
