import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PublishJobsTable } from '../../db/database';
import { TAIL_CHARS, tailOf } from './log-tail';
import { applyChange, ChangeRefused, restoreDraft, settleChange, undoChange } from './publish';
import { POST_MEDIA_DIR } from '../images/post-media';
import { readCurrent, type ServedSite, writeCurrent } from './site-switch';

/** Log tails are written to the job row at most this often while a build runs. */
const FLUSH_MS = 2000;

/**
 * The only variables a publish build sees from the server's environment: what the site bakes in
 * and what a Node build needs to run. Passwords, tokens, SMTP_URL, DATABASE_URL, REDIS_URL and
 * the like never reach it.
 */
const BUILD_ENV = [
  'PATH',
  'LANG',
  'LC_ALL',
  'TZ',
  'NODE_OPTIONS',
  'SITE_URL',
  'GATSBY_API_URL',
  'CONTACT_EMAIL',
  'CONTACT_PHONE',
] as const;

export interface SiteBuilderOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  site: ServedSite;
  /** Shell command that builds the site; see docs/editing.md for what it receives and leaves. */
  command: string;
  /** The repository (the command can find the project's code through PROJECT_DIR). */
  projectDir: string;
  /** Where finished builds are kept and served from (DATA_DIR/site-builds). */
  buildsDir: string;
  contentDir: string;
  /** The site served when no rebuilt one is newer (SITE_DIR). */
  siteDir: string;
  /** Hidden from the build when isolation is on. */
  dataDir: string;
  /** Where builds run: outside DATA_DIR (PUBLISH_WORK_DIR). */
  workDir: string;
  isolation: 'auto' | 'namespace' | 'none';
  /** The environment the server was started with (its allowlisted part is passed on). */
  env?: NodeJS.ProcessEnv;
}

async function mtime(file: string): Promise<number | null> {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/** The environment of a publish build: the allowlist plus the build's own paths. */
function buildEnvironment(
  source: NodeJS.ProcessEnv,
  paths: { workDir: string; out: string; content: string; projectDir: string },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of BUILD_ENV) if (source[name] !== undefined) env[name] = source[name];
  return {
    ...env,
    HOME: path.join(paths.workDir, 'home'),
    GATSBY_TELEMETRY_DISABLED: '1',
    SITE_BUILD_OUT: paths.out,
    CONTENT_DIR: paths.content,
    PROJECT_DIR: paths.projectDir,
  };
}

/**
 * Whether this machine lets an unprivileged process make its own user and mount namespace (where
 * an empty folder can be mounted over DATA_DIR). Checked once, by trying it.
 */
function namespacesWork(probeDir: string): boolean {
  mkdirSync(probeDir, { recursive: true });
  const result = spawnSync(
    'unshare',
    [
      '-rm',
      'sh',
      '-c',
      'mount -t tmpfs -o size=4k,mode=000 none "$0" && test ! -r "$0/x"',
      probeDir,
    ],
    { stdio: 'ignore', timeout: 10_000 },
  );
  return result.status === 0;
}

type JobRow = Selectable<PublishJobsTable>;

/**
 * Rebuilds the site for publishing, one job at a time: jobs wait in the database as "queued" and
 * run oldest first. Each job's change to content/blog/ is applied just before its build, so a
 * build adds exactly one change to what is live. The build runs aside, in PUBLISH_WORK_DIR with a
 * copy of the content, an allowlisted environment and (where the kernel allows) DATA_DIR hidden;
 * only a complete, successful build is switched in. A failed build is undone: the file goes back
 * as it was, the draft returns to Drafts and the previous site keeps serving.
 */
export class SiteBuilder {
  private draining: Promise<void> | null = null;
  private child: ChildProcess | null = null;
  private closed = false;
  private isolate = false;
  /** Only the process that took the builder role (and so ran start()) builds. */
  private started = false;

  constructor(private readonly opts: SiteBuilderOptions) {}

  /**
   * At start: a build cut short by a stopped server has failed and its change is undone; queued
   * ones run. The last switched build is served again when it is newer than SITE_DIR (a later
   * `npm run build` wins).
   */
  async start(): Promise<void> {
    const { db, log } = this.opts;
    this.started = true;
    await fs.mkdir(this.opts.workDir, { recursive: true });
    this.isolate = this.chooseIsolation();
    const interrupted = await db
      .selectFrom('publish_jobs')
      .selectAll()
      .where('status', '=', 'running')
      .execute();
    for (const job of interrupted) {
      await undoChange(db, this.opts.contentDir, job);
      await db
        .updateTable('publish_jobs')
        .set({
          status: 'failed',
          finished_at: new Date().toISOString(),
          log_tail: `${job.log_tail}\nThe server stopped during this build; the change was undone. Publish again to rebuild the site.`,
        })
        .where('id', '=', job.id)
        .execute();
      log.warn({ job: job.id }, 'publish: a build cut short by a restart was undone');
    }
    await this.restoreCurrent();
    this.kick();
  }

  private chooseIsolation(): boolean {
    const { isolation, log, workDir } = this.opts;
    if (isolation === 'none') return false;
    const probe = path.join(workDir, 'namespace-probe');
    const works = namespacesWork(probe);
    if (!works) {
      const message =
        'publish: this machine does not allow a mount namespace (unshare -rm), so publish builds run without DATA_DIR hidden; they still get no secrets or paths to it';
      if (isolation === 'namespace') throw new Error(`${message} (PUBLISH_ISOLATION=namespace)`);
      log.warn(message);
    }
    return works;
  }

  /** Runs queued jobs unless a run is already going (or another process builds). */
  kick(): void {
    if (!this.started || this.closed || this.draining) return;
    this.draining = this.drain()
      .catch((error: unknown) =>
        this.opts.log.error({ err: error }, 'publish: the rebuild queue stopped'),
      )
      .finally(() => {
        this.draining = null;
      });
  }

  /** Stops a running build (its job fails and is undone) and waits for the queue runner to finish. */
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
    await switchToCurrent(this.opts);
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const job = await this.opts.db
        .selectFrom('publish_jobs')
        .selectAll()
        .where('status', '=', 'queued')
        .where('mode', '=', 'build')
        .orderBy('id')
        .executeTakeFirst();
      if (!job) return;
      // Claimed only if still queued: a job is never built twice.
      const claimed = await this.opts.db
        .updateTable('publish_jobs')
        .set({ status: 'running', started_at: new Date().toISOString() })
        .where('id', '=', job.id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      await this.run(job);
    }
  }

  private async finish(id: number, status: 'succeeded' | 'failed', logTail: string) {
    await this.opts.db
      .updateTable('publish_jobs')
      .set({ status, log_tail: tailOf(logTail), finished_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  private async run(queued: JobRow): Promise<void> {
    const { db, log, contentDir, workDir } = this.opts;
    const id = queued.id;

    try {
      await applyChange(db, contentDir, queued, path.join(this.opts.dataDir, POST_MEDIA_DIR));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!(error instanceof ChangeRefused)) throw error;
      await restoreDraft(db, queued);
      await this.finish(
        id,
        'failed',
        `${reason}\nNothing was changed; the draft is back in Drafts.`,
      );
      return;
    }

    const out = path.join(workDir, 'out');
    const content = path.join(workDir, 'content');
    await fs.rm(out, { recursive: true, force: true });
    await fs.rm(content, { recursive: true, force: true });
    await fs.mkdir(path.join(workDir, 'home'), { recursive: true });
    await fs.cp(contentDir, content, { recursive: true });

    let output = '';
    let flushed = Date.now();
    const flush = async () => {
      if (Date.now() - flushed < FLUSH_MS) return;
      flushed = Date.now();
      await db
        .updateTable('publish_jobs')
        .set({ log_tail: tailOf(output) })
        .where('id', '=', id)
        .execute();
    };

    const env = buildEnvironment(this.opts.env ?? process.env, {
      workDir,
      out,
      content,
      projectDir: this.opts.projectDir,
    });
    const [file, args] = this.isolate
      ? [
          'unshare',
          [
            '-rm',
            'sh',
            '-c',
            'mount -t tmpfs -o size=4k,mode=000 none "$0" && exec sh -c "$1"',
            this.opts.dataDir,
            this.opts.command,
          ],
        ]
      : ['sh', ['-c', this.opts.command]];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(file, args, { cwd: workDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      this.child = child;
      const collect = (chunk: Buffer) => {
        // Keep a bounded window: a long build must not grow memory without limit.
        output = (output + chunk.toString('utf8')).slice(-TAIL_CHARS * 4);
        void flush().catch((error: unknown) =>
          log.warn({ err: error }, 'publish: could not store the log tail'),
        );
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
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
        ? 'The server stopped during this build.'
        : `The build exited with code ${code ?? 'unknown'}.`;
    } else if ((await mtime(path.join(out, 'public', 'index.html'))) === null) {
      failure = 'The build finished without a site (no public/index.html).';
    }

    if (failure) {
      const job = await db
        .selectFrom('publish_jobs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await undoChange(db, contentDir, job);
      log.warn({ job: id, code }, 'publish: site rebuild failed; the change was undone');
      await fs.rm(out, { recursive: true, force: true });
      const undone =
        job.action === 'unpublish'
          ? 'the post stays published'
          : 'the change was taken out again and the draft is back in Drafts';
      await this.finish(
        id,
        'failed',
        `${output}\n${failure} The site still serves the previous version; ${undone}.`,
      );
      return;
    }

    const served = path.join(this.opts.buildsDir, `build-${id}`);
    await fs.mkdir(this.opts.buildsDir, { recursive: true });
    await fs.rm(served, { recursive: true, force: true });
    await moveDir(out, served);
    this.opts.site.switchTo(path.join(served, 'public'));
    // Every other server process sees this file change and switches too.
    await writeCurrent(this.opts.buildsDir, served);
    await this.removeOldBuilds(served);
    log.info(
      { job: id, action: queued.action, slug: queued.slug },
      'publish: site rebuilt and switched',
    );
    await settleChange(contentDir, queued);
    await this.finish(id, 'succeeded', output);
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

/**
 * Serves the build current.json names when it is newer than SITE_DIR (a later `npm run build`
 * wins). Run at start and, in every process, whenever current.json changes.
 */
export async function switchToCurrent(opts: {
  buildsDir: string;
  siteDir: string;
  site: ServedSite;
}): Promise<void> {
  const saved = await readCurrent(opts.buildsDir);
  if (!saved) return;
  const built = await mtime(path.join(saved.dir, 'public', 'index.html'));
  const base = await mtime(path.join(opts.siteDir, 'index.html'));
  if (built !== null && (base === null || built > base)) {
    opts.site.switchTo(path.join(saved.dir, 'public'));
  }
}

/** Renames a folder, or copies it when the two places are on different file systems. */
async function moveDir(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.cp(from, to, { recursive: true });
    await fs.rm(from, { recursive: true, force: true });
  }
}
