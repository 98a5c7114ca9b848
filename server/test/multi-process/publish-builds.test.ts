import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Draft, PublishJob, PublishJobListResponse } from '@site/contracts';
import type { App } from '../../src/app';
import { userWithToken } from '../helpers/build';
import { DRAFT, makeContentDir } from '../routes/v1/drafts/fixtures';
import {
  dropSharedDatabase,
  processEnv,
  type SharedDatabase,
  sharedDatabase,
  startProcess,
  until,
} from './processes';

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
let db: SharedDatabase;
const instances: Instance[] = [];

async function start(): Promise<Instance> {
  const lines: string[] = [];
  const env = processEnv(dir, content.dir, db, {
    LOG_LEVEL: 'info',
    PUBLISH_MODE: 'build',
    PUBLISH_ISOLATION: 'none',
    SITE_BUILD_COMMAND: FAKE_BUILD,
  });
  const app = await startProcess(env, db, { logStream: { write: (line) => lines.push(line) } });
  const instance = { app, lines };
  instances.push(instance);
  return instance;
}

const holds = (i: Instance) => i.lines.some((line) => line.includes(ROLE));

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-publish-2p-'));
  content = makeContentDir();
  db = sharedDatabase(dir, 'pub2');
});

afterAll(async () => {
  await dropSharedDatabase(db);
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
