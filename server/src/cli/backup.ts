import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { BackupError, createBackup, restoreBackup } from '../services/backup';

const USAGE = {
  backup: `Write one archive of the database, DATA_DIR's files and content/ (safe while servers run).

  npm run backup -- --out FILE`,
  restore: `Put a backup back (database, DATA_DIR's files, content/); every server must be stopped.

  npm run restore -- --from FILE`,
};

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * `backup` and `restore`: the same settings as the server (DATABASE_URL, DATA_DIR, CONTENT_DIR).
 * Each prints one line saying what it did, or one sentence saying what went wrong and exits 1.
 */
async function backupCommand(
  command: 'backup' | 'restore',
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        from: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n\n${USAGE[command]}`);
  }
  if (values.help) return USAGE[command];
  const config = loadConfig(env);
  if (command === 'backup') {
    if (!values.out) throw new BackupError(`Say where to write the backup.\n\n${USAGE.backup}`);
    const { file, manifest, bytes } = await createBackup(config, values.out);
    return `Backed up ${manifest.database === 'sqlite' ? 'the SQLite database' : 'the PostgreSQL database'} (${manifest.rows} rows in ${manifest.tables} tables), ${manifest.data_files} files of DATA_DIR and ${manifest.content_files} files of content/ to ${file} (${megabytes(bytes)}).`;
  }
  if (!values.from) throw new BackupError(`Say which backup to restore.\n\n${USAGE.restore}`);
  const { manifest } = await restoreBackup(config, values.from);
  return `Restored the backup of ${manifest.created_at}: ${manifest.rows} rows in ${manifest.tables} tables, ${manifest.data_files} files into ${config.dataDir} and ${manifest.content_files} files into ${config.contentDir}; run npm start (or npm run build) to build the site from the restored content.`;
}

export function main(command: 'backup' | 'restore') {
  backupCommand(command, process.argv.slice(2)).then(
    (line) => {
      process.stdout.write(`${line}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      const known = error instanceof BackupError || error instanceof ConfigError;
      process.stderr.write(
        `${known ? (error as Error).message : `${command} failed: ${String((error as Error)?.message ?? error)}`}\n`,
      );
      process.exit(1);
    },
  );
}

if (require.main === module) main('backup');
