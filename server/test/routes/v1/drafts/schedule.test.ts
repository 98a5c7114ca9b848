import fs from 'node:fs';
import path from 'node:path';
import type {
  Draft,
  DraftListResponse,
  DraftScheduleAnswer,
  PublishJobListResponse,
  ScheduledDraftListResponse,
} from '@site/contracts';
import { buildTestApp, userWithToken } from '../../../helpers/build';
import { DRAFT, makeContentDir } from './fixtures';

const FAKE_BUILD = `node ${path.join(__dirname, 'fake-build.cjs')}`;

/** 10:00 in Berlin (CET, UTC+1) on Dec 1, 2026: the clock these tests start from. */
const START = Date.parse('2026-12-01T09:00:00Z');

async function setup(env: Record<string, string> = {}) {
  const content = makeContentDir();
  const clock = { now: START };
  const t = await buildTestApp(
    {
      CONTENT_DIR: content.dir,
      SITE_BUILD_COMMAND: FAKE_BUILD,
      SITE_TIMEZONE: 'Europe/Berlin',
      // The timer is not what these tests wait for: they call tick() when the clock has moved.
      PUBLISH_SCHEDULE_CHECK_SECONDS: '60',
      ...env,
    },
    { clock: () => new Date(clock.now) },
  );
  const editor = await userWithToken(t.app, 'editor', 'dana');
  const headers = { authorization: editor.authorization };
  const create = async (patch: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers,
      payload: { ...DRAFT, ...patch },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Draft>();
  };
  const schedule = (id: number, publishAt: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${id}/schedule`,
      headers,
      payload: { publish_at: publishAt },
    });
  const scheduled = async () =>
    (
      await t.app.inject({ url: '/api/v1/drafts/scheduled', headers })
    ).json<ScheduledDraftListResponse>();
  const jobs = async () =>
    (await t.app.inject({ url: '/api/v1/publish-jobs', headers })).json<PublishJobListResponse>()
      .items;
  const drafts = async () =>
    (await t.app.inject({ url: '/api/v1/drafts', headers })).json<DraftListResponse>().items;
  const file = (slug: string) => path.join(content.dir, 'blog', `${slug}.md`);
  const close = async () => {
    await t.close();
    content.remove();
  };
  return { t, clock, headers, create, schedule, scheduled, jobs, drafts, file, close };
}
type Setup = Awaited<ReturnType<typeof setup>>;

describe('scheduled publishing', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });
  afterEach(() => s.close());

  test('only admins and editors may schedule, list, read or cancel', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/drafts/scheduled' },
      { method: 'GET' as const, url: '/api/v1/drafts/1/schedule' },
      {
        method: 'PUT' as const,
        url: '/api/v1/drafts/1/schedule',
        payload: { publish_at: '2026-12-02T10:00' },
      },
      { method: 'DELETE' as const, url: '/api/v1/drafts/1/schedule' },
    ]) {
      expect((await s.t.app.inject(request)).statusCode).toBe(401);
    }
  });

  test('a time typed without offset is on the site’s clock, listed with its zone', async () => {
    const draft = await s.create();
    const before = (
      await s.t.app.inject({ url: `/api/v1/drafts/${draft.id}/schedule`, headers: s.headers })
    ).json<DraftScheduleAnswer>();
    expect(before).toEqual({ time_zone: 'Europe/Berlin', schedule: null });

    const res = await s.schedule(draft.id, '2026-12-01T11:30');
    expect(res.statusCode).toBe(200);
    expect(res.json<DraftScheduleAnswer>()).toMatchObject({
      time_zone: 'Europe/Berlin',
      schedule: {
        draft_id: draft.id,
        title: DRAFT.title,
        slug: draft.slug,
        publish_at: '2026-12-01T10:30:00.000Z',
        local_time: '2026-12-01T11:30',
        scheduled_by: 'dana',
        status: 'waiting',
        failure: null,
      },
    });
    // A moment with an offset is taken as written.
    const other = await s.create({ title: 'Second Scheduled Post' });
    expect((await s.schedule(other.id, '2026-12-01T10:00:00Z')).statusCode).toBe(200);
    const list = await s.scheduled();
    expect(list.time_zone).toBe('Europe/Berlin');
    expect(list.items.map((item) => [item.draft_id, item.local_time])).toEqual([
      [other.id, '2026-12-01T11:00'],
      [draft.id, '2026-12-01T11:30'],
    ]);
    // Still a draft: in Drafts, no file, no job.
    expect((await s.drafts()).map((d) => d.id).sort()).toEqual([draft.id, other.id].sort());
    expect(fs.existsSync(s.file(draft.slug))).toBe(false);
    expect(await s.jobs()).toEqual([]);
  });

  test('refuses times in the past, too far ahead, skipped by the clocks or unreadable', async () => {
    const draft = await s.create();
    const refusals: Array<[string, RegExp]> = [
      ['2026-12-01T09:59', /has already passed; choose a time in the future/],
      ['2026-12-01T09:00:00Z', /has already passed/],
      ['2028-01-01T10:00', /at most 366 days ahead/],
      // Berlin's clocks go from 02:00 to 03:00 on Mar 28, 2027.
      ['2027-03-28T02:30', /does not happen in Europe\/Berlin: the clocks skip it/],
      ['2026-02-30T10:00', /not a date and time on the calendar/],
      ['tomorrow', /is not a date and time/],
      ['2026-12-01 11:00', /is not a date and time/],
    ];
    for (const [typed, detail] of refusals) {
      const res = await s.schedule(draft.id, typed);
      expect({ typed, status: res.statusCode }).toEqual({ typed, status: 400 });
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    const extra = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${draft.id}/schedule`,
      headers: s.headers,
      payload: { publish_at: '2026-12-02T10:00', mode: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    expect((await s.scheduled()).items).toEqual([]);
  });

  test('an incomplete draft cannot be scheduled; unknown drafts answer 404', async () => {
    const draft = await s.create({ description: '' });
    const res = await s.schedule(draft.id, '2026-12-02T10:00');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string; errors: unknown[] }>()).toMatchObject({
      detail: expect.stringMatching(/^This draft cannot be scheduled yet: description/),
      errors: [expect.objectContaining({ field: 'description' })],
    });
    expect((await s.schedule(9999, '2026-12-02T10:00')).statusCode).toBe(404);
    const get = await s.t.app.inject({ url: '/api/v1/drafts/9999/schedule', headers: s.headers });
    expect(get.statusCode).toBe(404);
    const cancel = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/drafts/${draft.id}/schedule`,
      headers: s.headers,
    });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json<{ detail: string }>().detail).toBe(`Draft ${draft.id} is not scheduled.`);
  });

  test('moved and cancelled schedules do not publish; the draft stays', async () => {
    const moved = await s.create({ title: 'Moved Later' });
    const cancelled = await s.create({ title: 'Cancelled Post' });
    await s.schedule(moved.id, '2026-12-01T10:05');
    await s.schedule(cancelled.id, '2026-12-01T10:05');
    const move = await s.schedule(moved.id, '2026-12-01T12:00');
    expect(move.json<DraftScheduleAnswer>().schedule?.local_time).toBe('2026-12-01T12:00');
    const cancel = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/drafts/${cancelled.id}/schedule`,
      headers: s.headers,
    });
    expect(cancel.statusCode).toBe(200);

    s.clock.now = Date.parse('2026-12-01T09:06:00Z');
    expect(await s.t.app.publishScheduler.tick()).toEqual([]);
    expect(await s.jobs()).toEqual([]);
    expect((await s.drafts()).length).toBe(2);
    expect((await s.scheduled()).items.map((i) => i.draft_id)).toEqual([moved.id]);
  });

  test('at its time the draft is published once, as the editor who scheduled it, and served', async () => {
    const draft = await s.create();
    await s.schedule(draft.id, '2026-12-01T10:30');
    // A minute before: nothing happens; the post has no file for any build to find.
    s.clock.now = Date.parse('2026-12-01T09:29:00Z');
    expect(await s.t.app.publishScheduler.tick()).toEqual([]);
    expect(fs.existsSync(s.file(draft.slug))).toBe(false);
    expect(await s.jobs()).toEqual([]);

    s.clock.now = Date.parse('2026-12-01T09:30:01Z');
    expect(await s.t.app.publishScheduler.tick()).toEqual([draft.id]);
    expect(await s.t.app.publishScheduler.tick()).toEqual([]);
    await s.t.app.siteBuilder.idle();
    const jobs = await s.jobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      action: 'publish',
      slug: draft.slug,
      requested_by: 'dana',
      status: 'succeeded',
    });
    expect(fs.readFileSync(s.file(draft.slug), 'utf8')).toContain('date: 2026-12-01');
    expect((await s.t.app.inject({ url: `/blog/${draft.slug}` })).statusCode).toBe(200);
    expect((await s.scheduled()).items).toEqual([]);
    expect(await s.drafts()).toEqual([]);
  });

  test('a draft edited into an incomplete one is not published; the schedule says why', async () => {
    const draft = await s.create();
    await s.schedule(draft.id, '2026-12-01T10:30');
    const save = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${draft.id}`,
      headers: s.headers,
      payload: { ...DRAFT, slug: draft.slug, category: '' },
    });
    expect(save.statusCode).toBe(200);
    s.clock.now = Date.parse('2026-12-01T09:31:00Z');
    expect(await s.t.app.publishScheduler.tick()).toEqual([]);
    const [item] = (await s.scheduled()).items;
    expect(item).toMatchObject({
      draft_id: draft.id,
      status: 'failed',
      failure: expect.stringMatching(/^This draft cannot be published yet: category/),
    });
    expect(await s.jobs()).toEqual([]);
    // Not retried on its own; moving it to a new time schedules it again.
    expect(await s.t.app.publishScheduler.tick()).toEqual([]);
    const again = await s.schedule(draft.id, '2026-12-01T11:00');
    expect(again.statusCode).toBe(400);
  });

  test('deleting a scheduled draft takes its schedule with it', async () => {
    const draft = await s.create();
    await s.schedule(draft.id, '2026-12-01T10:30');
    const res = await s.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/drafts/${draft.id}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await s.scheduled()).items).toEqual([]);
    s.clock.now = Date.parse('2026-12-01T10:00:00Z');
    expect(await s.t.app.publishScheduler.tick()).toEqual([]);
  });
});
