import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { SiteHandle } from '../../plugins/static-site';

/** How much of a build's output a job keeps: enough to see why it failed. */
const TAIL_LINES = 40;
const TAIL_CHARS = 6000;
/** Log tails are written to the job row at most this often while a build runs. */
const FLUSH_MS = 2000;
const CURRENT_FILE = 'current.json';

export interface SiteBuilderOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  site: SiteHandle;
  command: string;
  /** Working directory of the build command (the repository). */
  cwd: string;
  /** Where finished builds are kept (DATA_DIR/site-builds). */
  buildsDir: string;
  contentDir: string;
  /** The site served when no rebuilt one is newer (SITE_DIR). */
  siteDir: string;
}

/** Terminal colours and cursor moves (Gatsby's progress output) mean nothing in a stored log. */
// eslint-disable-next-line no-control-regex -- the escape character is exactly what is removed
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function tailOf(text: string): string {
  const lines = text.replace(ANSI, '').replace(/\r/g, '').split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.slice(-TAIL_LINES).join('\n').slice(-TAIL_CHARS);
}

async function mtime(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Rebuilds the site after a publish, one build at a time: jobs wait in the database as "queued"
 * and run oldest first. Each build writes to its own folder; only a complete, successful build
 * is switched in, so visitors see the old site or the new one, never a half-built one, and a
 * failed build leaves the previous site serving.
 */
export class SiteBuilder {
  private draining: Promise<void> | null = null;
  private child: ChildProcess | null = null;
  private closed = false;

  constructor(private readonly opts: SiteBuilderOptions) {}

  /**
   * At start: a build cut short by a stopped server has failed; queued ones run. The last switched
   * build is served again when it is newer than SITE_DIR (a later `npm run build` wins).
   */
  async start(): Promise<void> {
    const now = new Date().toISOString();
    await this.opts.db
      .updateTable('publish_jobs')
      .set({
        status: 'failed',
        finished_at: now,
        log_tail: 'The server stopped during this build; publish again to rebuild the site.',
      })
      .where('status', '=', 'running')
      .execute();
    await this.restoreCurrent();
    this.kick();
  }

  /** Runs queued jobs unless a run is already going. */
  kick(): void {
    if (this.closed || this.draining) return;
    this.draining = this.drain()
      .catch((error: unknown) =>
        this.opts.log.error({ err: error }, 'publish: the rebuild queue stopped'),
      )
      .finally(() => {
        this.draining = null;
      });
  }

  /** Stops a running build (its job fails) and waits for the queue runner to finish. */
  async close(): Promise<void> {
    this.closed = true;
    this.child?.kill('SIGTERM');
    await this.draining;
  }

  /** Resolves when no job is running or queued (for tests and graceful shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async restoreCurrent(): Promise<void> {
    try {
      const saved = JSON.parse(
        await fs.readFile(path.join(this.opts.buildsDir, CURRENT_FILE), 'utf8'),
      ) as { dir: string };
      const built = await mtime(path.join(saved.dir, 'public', 'index.html'));
      const base = await mtime(path.join(this.opts.siteDir, 'index.html'));
      if (built !== null && (base === null || built > base)) {
        this.opts.site.switchTo(path.join(saved.dir, 'public'), saved.dir);
      }
    } catch {
      // No rebuilt site yet: SITE_DIR stays.
    }
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const job = await this.opts.db
        .selectFrom('publish_jobs')
        .select(['id'])
        .where('status', '=', 'queued')
        .orderBy('id')
        .executeTakeFirst();
      if (!job) return;
      await this.run(job.id);
    }
  }

  private async run(id: number): Promise<void> {
    const { db, log } = this.opts;
    await db
      .updateTable('publish_jobs')
      .set({ status: 'running', started_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const out = path.join(this.opts.buildsDir, `build-${id}`);
    await fs.rm(out, { recursive: true, force: true });
    await fs.mkdir(out, { recursive: true });

    let output = '';
    let flushed = Date.now();
    const flush = async (force = false) => {
      if (!force && Date.now() - flushed < FLUSH_MS) return;
      flushed = Date.now();
      await db
        .updateTable('publish_jobs')
        .set({ log_tail: tailOf(output) })
        .where('id', '=', id)
        .execute();
    };

    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('sh', ['-c', this.opts.command], {
        cwd: this.opts.cwd,
        env: {
          ...process.env,
          SITE_BUILD_OUT: out,
          CONTENT_DIR: this.opts.contentDir,
          GATSBY_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.child = child;
      const collect = (chunk: Buffer) => {
        // Keep a bounded window: a long build must not grow memory without limit.
        output = (output + chunk.toString('utf8')).slice(-TAIL_CHARS * 4);
        void flush().catch((error: unknown) =>
          log.warn({ err: error }, 'publish: could not store the log tail'),
        );
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('error', (error) => {
        output += `\nThe build command could not be started: ${error.message}`;
        resolve(null);
      });
      child.on('close', (exitCode) => resolve(exitCode));
    });
    this.child = null;

    let failure: string | null = null;
    if (code !== 0) {
      failure = this.closed
        ? 'The server stopped during this build; publish again to rebuild the site.'
        : `The build exited with code ${code ?? 'unknown'}; the site still serves the previous version.`;
    } else if ((await mtime(path.join(out, 'public', 'index.html'))) === null) {
      failure =
        'The build finished without a site (no public/index.html); the site still serves the previous version.';
    }

    if (!failure) {
      this.opts.site.switchTo(path.join(out, 'public'), out);
      await fs.writeFile(
        path.join(this.opts.buildsDir, CURRENT_FILE),
        JSON.stringify({ dir: out, switched_at: new Date().toISOString() }),
      );
      await this.removeOldBuilds(out);
      log.info({ job: id }, 'publish: site rebuilt and switched');
    } else {
      output += `\n${failure}`;
      log.warn({ job: id, code }, 'publish: site rebuild failed');
      await fs.rm(out, { recursive: true, force: true });
    }
    await flush(true);
    await db
      .updateTable('publish_jobs')
      .set({ status: failure ? 'failed' : 'succeeded', finished_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps the served build and the one before it (still read by requests in flight). */
  private async removeOldBuilds(current: string): Promise<void> {
    const entries = (await fs.readdir(this.opts.buildsDir)).filter((name) =>
      /^build-\d+$/.test(name),
    );
    const ordered = entries
      .map((name) => ({ name, n: Number(name.slice('build-'.length)) }))
      .sort((a, b) => b.n - a.n)
      .map((entry) => path.join(this.opts.buildsDir, entry.name))
      .filter((dir) => dir !== current);
    for (const dir of ordered.slice(1)) await fs.rm(dir, { recursive: true, force: true });
  }
}
