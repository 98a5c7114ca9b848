import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Draft, PublishJob, PublishJobListResponse } from '@site/contracts';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connect } from '../../src/db/connect';
import { testDialect, userWithToken } from '../helpers/build';
import { DRAFT, makeContentDir } from '../routes/v1/drafts/fixtures';

/**
 * Two server instances on one database, one DATA_DIR and one content/ (as two processes on one
 * machine would be) with PUBLISH_MODE=build: only the one holding the "publish-builds" lock runs
 * builds, a job queued through the other is built once, both switch to the new build, and when
 * the builder stops the other takes the role over.
 */

const FAKE_BUILD = `node ${path.join(__dirname, '../routes/v1/drafts/fake-build.cjs')}`;
const ROLE = 'publish: this process runs the site builds';

interface Instance {
  app: App;
  lines: string[];
}

let dir: string;
let content: ReturnType<typeof makeContentDir>;
let url: string;
let schema: string | undefined;
const instances: Instance[] = [];

async function start(): Promise<Instance> {
  const lines: string[] = [];
  const config = loadConfig({
    LOG_LEVEL: 'info',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATABASE_URL: url,
    DATA_DIR: path.join(dir, 'data'),
    SITE_DIR: path.join(dir, 'public'),
    PUBLISH_WORK_DIR: path.join(dir, 'publish'),
    CONTENT_DIR: content.dir,
    PUBLISH_MODE: 'build',
    PUBLISH_ISOLATION: 'none',
    SITE_BUILD_COMMAND: FAKE_BUILD,
    RATE_LIMITS: 'off',
  });
  const connection = await connect(config.databaseUrl, process.cwd(), { schema });
  const app = await buildApp({
    config,
    connection,
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
  const instance = { app, lines };
  instances.push(instance);
  return instance;
}

const holds = (i: Instance) => i.lines.some((line) => line.includes(ROLE));

async function until<T>(what: string, probe: () => Promise<T | null | false>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-publish-2p-'));
  content = makeContentDir();
  if (testDialect() === 'postgres') {
    url = process.env.TEST_DATABASE_URL as string;
    schema = `pub2_${crypto.randomBytes(5).toString('hex')}`;
  } else {
    url = `sqlite:${path.join(dir, 'data', 'site.db')}`;
  }
});

afterAll(async () => {
  if (schema) {
    const cleanup = await connect(url, process.cwd(), { schema });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
    await cleanup.close();
  }
  fs.rmSync(dir, { recursive: true, force: true });
  content.remove();
});

test('one builder at a time; a job queued through the other is built once and both switch', async () => {
  const a = await start();
  const b = await start();
  try {
    // Exactly one of them took the builder role.
    expect([holds(a), holds(b)]).toEqual([true, false]);

    const editor = await userWithToken(b.app, 'editor', 'dana');
    const headers = { authorization: editor.authorization };
    const publishThrough = async (instance: Instance, title: string) => {
      const created = await instance.app.inject({
        method: 'POST',
        url: '/api/v1/drafts',
        headers,
        payload: { ...DRAFT, title },
      });
      expect(created.statusCode).toBe(201);
      const res = await instance.app.inject({
        method: 'POST',
        url: `/api/v1/drafts/${created.json<Draft>().id}/publish`,
        headers,
      });
      expect(res.statusCode).toBe(202);
      return res.json<PublishJob>();
    };
    const jobStatus = async (instance: Instance, id: number) =>
      (await instance.app.inject({ url: '/api/v1/publish-jobs', headers }))
        .json<PublishJobListResponse>()
        .items.find((job) => job.id === id)?.status;
    const serves = async (instance: Instance, slug: string) =>
      (await instance.app.inject({ url: `/blog/${slug}` })).statusCode === 200;

    // Queued through the process that does not build: the builder picks it up.
    const first = await publishThrough(b, 'Built By The Other Process');
    await until(
      'the first job to succeed',
      async () => (await jobStatus(b, first.id)) === 'succeeded',
    );
    await until(
      'both to serve the first post',
      async () => (await serves(a, first.slug)) && (await serves(b, first.slug)),
    );
    // Built once: one build folder for the job, and one "rebuilt and switched" line in all.
    const switched = [...a.lines, ...b.lines].filter((l) =>
      l.includes('site rebuilt and switched'),
    );
    expect(switched).toHaveLength(1);
    expect(a.lines.some((l) => l.includes('site rebuilt and switched'))).toBe(true);

    // The builder stops; the other takes the role over and builds the next job.
    await a.app.close();
    await until('the other process to take the builder role', async () => holds(b));
    const second = await publishThrough(b, 'Built After The Handover');
    await until(
      'the second job to succeed',
      async () => (await jobStatus(b, second.id)) === 'succeeded',
    );
    await until('the remaining process to serve the second post', async () =>
      serves(b, second.slug),
    );
  } finally {
    for (const instance of instances) await instance.app.close().catch(() => undefined);
  }
}, 90_000);
