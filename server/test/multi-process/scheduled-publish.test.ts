import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Draft, PublishJobListResponse, ScheduledDraftListResponse } from '@site/contracts';
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
 * Two server instances on one database and one content repository (as two processes would be),
 * PUBLISH_MODE=git, each looking for due drafts every second on a clock the test moves: a
 * scheduled draft is committed once, by one of them, as soon as its time has come; an instance
 * started after the time publishes what fell due while none ran; a claim left by a process that
 * died is taken over.
 */

let dir: string;
let content: ReturnType<typeof makeContentDir>;
let db: SharedDatabase;
const clock = { now: Date.parse('2026-12-01T09:00:00Z') };
const apps: App[] = [];

const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: content.dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    },
  }).trim();

async function start(): Promise<App> {
  const env = processEnv(dir, content.dir, db, {
    PUBLISH_MODE: 'git',
    PUBLISH_SCHEDULE_CHECK_SECONDS: '1',
    SITE_TIMEZONE: 'America/New_York',
  });
  const app = await startProcess(env, db, { clock: () => new Date(clock.now) });
  apps.push(app);
  return app;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-schedule-2p-'));
  fs.mkdirSync(path.join(dir, 'data'));
  content = makeContentDir();
  git('init', '--quiet');
  git('add', '.');
  git('commit', '--quiet', '-m', 'content');
  db = sharedDatabase(dir, 'sched2');
});

afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await dropSharedDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
  content.remove();
});

test('each scheduled draft is committed once, within seconds of its time, by either process', async () => {
  const a = await start();
  const b = await start();
  const editor = await userWithToken(a, 'editor', 'erin');
  const headers = { authorization: editor.authorization };
  const create = async (app: App, title: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers,
      payload: { ...DRAFT, title },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Draft>();
  };
  const schedule = async (app: App, id: number, publishAt: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${id}/schedule`,
      headers,
      payload: { publish_at: publishAt },
    });
    expect(res.statusCode).toBe(200);
  };
  const jobs = async (app: App) =>
    (await app.inject({ url: '/api/v1/publish-jobs', headers })).json<PublishJobListResponse>()
      .items;
  const commits = () => git('log', '--format=%s').split('\n');

  // Scheduled through each process, for 4:30 and 4:45 AM in New York (EST, UTC-5).
  const first = await create(a, 'First Scheduled');
  const second = await create(b, 'Second Scheduled');
  await schedule(b, first.id, '2026-12-01T04:30');
  await schedule(a, second.id, '2026-12-01T04:45');
  const listed = (
    await a.inject({ url: '/api/v1/drafts/scheduled', headers })
  ).json<ScheduledDraftListResponse>();
  expect(listed.items.map((item) => [item.title, item.publish_at])).toEqual([
    ['First Scheduled', '2026-12-01T09:30:00.000Z'],
    ['Second Scheduled', '2026-12-01T09:45:00.000Z'],
  ]);

  // Just before its time both look several times; nothing is committed.
  clock.now = Date.parse('2026-12-01T09:29:59Z');
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(await jobs(a)).toEqual([]);
  expect(commits()).toEqual(['content']);

  // Its time comes: committed once, as the scheduling editor, with that day's date.
  clock.now = Date.parse('2026-12-01T09:30:00Z');
  const [done] = await until('the first scheduled post to be committed', async () => {
    const list = await jobs(b);
    return list.length > 0 && list.every((job) => job.status === 'succeeded') && list;
  });
  expect(done).toMatchObject({ slug: first.slug, mode: 'git', requested_by: 'erin' });
  // Several more looks by both change nothing.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect((await jobs(a)).length).toBe(1);
  expect(commits()).toEqual([`Publish "First Scheduled"`, 'content']);
  expect(git('log', '-1', '--format=%an')).toBe('erin');
  expect(fs.readFileSync(path.join(content.dir, 'blog', `${first.slug}.md`), 'utf8')).toContain(
    'date: 2026-12-01',
  );

  // Both processes stop before the second one's time; one started after it publishes at once.
  await a.close();
  await b.close();
  clock.now = Date.parse('2026-12-01T10:00:00Z');
  const c = await start();
  await until(
    'the second scheduled post to be committed after the restart',
    async () => (await jobs(c)).filter((job) => job.status === 'succeeded').length === 2,
  );
  expect(commits()).toEqual([`Publish "Second Scheduled"`, `Publish "First Scheduled"`, 'content']);

  // A claim left by a process that died mid-publish is taken over once it is stale.
  const third = await create(c, 'Third Scheduled');
  await schedule(c, third.id, '2026-12-01T05:10');
  const claimedAt = '2026-12-01T10:10:00.000Z';
  await c.db
    .updateTable('draft_schedules')
    .set({ claimed_at: claimedAt })
    .where('draft_id', '=', third.id)
    .execute();
  clock.now = Date.parse('2026-12-01T10:11:00Z');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect((await jobs(c)).length).toBe(2);
  clock.now = Date.parse('2026-12-01T10:12:30Z');
  await until(
    'the stale claim to be taken over',
    async () => (await jobs(c)).filter((job) => job.status === 'succeeded').length === 3,
  );
  expect(commits()[0]).toBe(`Publish "Third Scheduled"`);
}, 90_000);
