import { ConfigError, loadConfig } from '../config';
import { type Db, connect } from '../db/connect';
import { rulesWriter } from '../services/giveaways/rules-store';

/** A mistake the person at the terminal can fix: printed without a stack trace. */
export class CliError extends Error {}

export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/**
 * Runs a command-line tool against the database named by the environment (the same settings as
 * the server) and exits with 0, or 1 after printing what went wrong.
 */
export function runCli(main: (argv: string[], db: Db, io: CliIo) => Promise<void>) {
  const io: CliIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  void (async () => {
    let db: Db | undefined;
    try {
      const config = loadConfig();
      db = await connect(config.databaseUrl, process.cwd(), {
        migrations: { giveawayRules: rulesWriter(config.siteTimezone) },
      });
      await main(process.argv.slice(2), db, io);
      await db.close();
      process.exit(0);
    } catch (error) {
      const known = error instanceof CliError || error instanceof ConfigError;
      io.stderr.write(
        `${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`,
      );
      await db?.close().catch(() => undefined);
      process.exit(1);
    }
  })();
}
