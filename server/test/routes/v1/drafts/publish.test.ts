import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  parseFrontMatter,
  readPostFields,
  type Draft,
  type PublishJob,
  type PublishJobListResponse,
} from '@site/contracts';
import { buildTestApp, userWithToken } from '../../../helpers/build';
import { DRAFT, makeContentDir } from './fixtures';

const FAKE_BUILD = `node ${path.join(__dirname, 'fake-build.cjs')}`;

async function setup(env: Record<string, string> = {}) {
  const content = makeContentDir();
  const t = await buildTestApp({
    CONTENT_DIR: content.dir,
    SITE_BUILD_COMMAND: FAKE_BUILD,
    ...env,
  });
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
  const publish = (id: number) =>
    t.app.inject({ method: 'POST', url: `/api/v1/drafts/${id}/publish`, headers });
  const jobs = async () =>
    (await t.app.inject({ url: '/api/v1/publish-jobs', headers })).json<PublishJobListResponse>()
      .items;
  const close = async () => {
    await t.close();
    content.remove();
  };
  return { t, content, headers, create, publish, jobs, close };
}

describe('publishing with a site rebuild (PUBLISH_MODE=build)', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    s = await setup();
  });
  afterEach(() => s.close());

  test('only admins and editors may publish or read jobs', async () => {
    expect(
      (await s.t.app.inject({ method: 'POST', url: '/api/v1/drafts/1/publish' })).statusCode,
    ).toBe(401);
    expect((await s.t.app.inject({ url: '/api/v1/publish-jobs' })).statusCode).toBe(401);
  });

  test('writes the post file, removes the draft, rebuilds aside and then serves the new site', async () => {
    const draft = await s.create();
    expect((await s.t.app.inject({ url: '/' })).statusCode).toBe(503);

    const res = await s.publish(draft.id);
    expect(res.statusCode).toBe(202);
    const job = res.json<PublishJob>();
    expect(job).toMatchObject({
      slug: draft.slug,
      title: DRAFT.title,
      mode: 'build',
      requested_by: 'dana',
    });
    expect(['queued', 'running']).toContain((await s.jobs())[0]?.status);

    const file = path.join(s.content.dir, 'blog', `${draft.slug}.md`);
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith(`---\ntitle: "${DRAFT.title}"\nslug: ${draft.slug}\n`)).toBe(true);
    const parsed = parseFrontMatter(text, file);
    expect(readPostFields(parsed.data, file)).toMatchObject({
      ok: true,
      fields: {
        slug: draft.slug,
        category: 'engineering',
        tags: DRAFT.tags,
        author: 'Dana Editor',
      },
    });
    expect(parsed.body.trim()).toBe(DRAFT.body.trim());
    expect(
      (await s.t.app.inject({ url: `/api/v1/drafts/${draft.id}`, headers: s.headers })).statusCode,
    ).toBe(404);

    await s.t.app.siteBuilder.idle();
    const [done] = await s.jobs();
    expect(done).toMatchObject({
      id: job.id,
      status: 'succeeded',
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
    expect(done?.log_tail).toContain('success the site is built');
    const page = await s.t.app.inject({ url: `/blog/${draft.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(DRAFT.title);
    expect((await s.t.app.inject({ url: '/' })).body).toBe('<p>2 posts</p>');
  });

  test('one rebuild at a time: a second publish waits in the queue', async () => {
    const first = await s.create({ title: 'First in line' });
    const second = await s.create({ title: 'Second in line' });
    const a = (await s.publish(first.id)).json<PublishJob>();
    const b = (await s.publish(second.id)).json<PublishJob>();
    const waiting = await s.jobs();
    expect(waiting.find((j) => j.id === b.id)?.status).toBe('queued');

    await s.t.app.siteBuilder.idle();
    const done = await s.jobs();
    const jobA = done.find((j) => j.id === a.id) as PublishJob;
    const jobB = done.find((j) => j.id === b.id) as PublishJob;
    expect([jobA.status, jobB.status]).toEqual(['succeeded', 'succeeded']);
    expect((jobB.started_at as string) >= (jobA.finished_at as string)).toBe(true);
    expect((await s.t.app.inject({ url: '/blog/second-in-line' })).statusCode).toBe(200);
  });

  test('a failed build says why and leaves the previous site serving', async () => {
    const good = await s.create({ title: 'Good post' });
    await s.publish(good.id);
    await s.t.app.siteBuilder.idle();
    expect((await s.t.app.inject({ url: '/blog/good-post' })).statusCode).toBe(200);

    const bad = await s.create({ title: 'Bad post', body: 'BREAK THE BUILD' });
    await s.publish(bad.id);
    await s.t.app.siteBuilder.idle();
    const [failed] = await s.jobs();
    expect(failed?.status).toBe('failed');
    expect(failed?.log_tail).toContain('error bad-post.md: the page could not be built');
    expect(failed?.log_tail.split('\n').at(-1)).toBe(
      'The build exited with code 1; the site still serves the previous version.',
    );
    expect((await s.t.app.inject({ url: '/blog/good-post' })).statusCode).toBe(200);
    expect((await s.t.app.inject({ url: '/' })).body).toBe('<p>2 posts</p>');
  });

  test('an incomplete draft is refused with its field errors; an unknown one is 404', async () => {
    const draft = await s.create({ description: '' });
    const res = await s.publish(draft.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: expect.stringMatching(/^This draft cannot be published yet: description/),
      errors: [{ field: 'description', message: expect.any(String) }],
    });
    expect(fs.existsSync(path.join(s.content.dir, 'blog', `${draft.slug}.md`))).toBe(false);
    expect((await s.publish(9999)).statusCode).toBe(404);
  });

  test('a slug published by someone else since the draft was saved is refused', async () => {
    const draft = await s.create();
    fs.writeFileSync(path.join(s.content.dir, 'blog', `${draft.slug}.md`), 'hand-written');
    const res = await s.publish(draft.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'slug', message: expect.stringContaining('published post') },
    ]);
    expect(fs.readFileSync(path.join(s.content.dir, 'blog', `${draft.slug}.md`), 'utf8')).toBe(
      'hand-written',
    );
  });
});

describe('publishing by git commit (PUBLISH_MODE=git)', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    }).trim();

  test('commits only the post file with the editor as author, and starts no rebuild', async () => {
    const s = await setup({ PUBLISH_MODE: 'git' });
    try {
      git(s.content.dir, 'init', '--quiet');
      git(s.content.dir, 'add', '.');
      git(s.content.dir, 'commit', '--quiet', '-m', 'content');
      fs.writeFileSync(path.join(s.content.dir, 'unrelated.txt'), 'staged but not mine');
      git(s.content.dir, 'add', 'unrelated.txt');

      const draft = await s.create();
      const res = await s.publish(draft.id);
      expect(res.statusCode).toBe(202);
      expect(res.json<PublishJob>()).toMatchObject({ mode: 'git', status: 'succeeded' });
      expect(git(s.content.dir, 'log', '-1', '--format=%an <%ae>|%s')).toBe(
        `dana <dana@users.agentworks.invalid>|Publish "${DRAFT.title}"`,
      );
      expect(git(s.content.dir, 'show', '--name-only', '--format=', 'HEAD')).toBe(
        `blog/${draft.slug}.md`,
      );
      expect(git(s.content.dir, 'diff', '--cached', '--name-only')).toBe('unrelated.txt');
      expect((await s.jobs()).map((j) => j.status)).toEqual(['succeeded']);
      expect(fs.existsSync(path.join(s.t.config.dataDir, 'site-builds'))).toBe(false);
    } finally {
      await s.close();
    }
  });

  test('a failed commit keeps the draft and removes the file', async () => {
    const s = await setup({ PUBLISH_MODE: 'git' });
    try {
      const draft = await s.create();
      const job = (await s.publish(draft.id)).json<PublishJob>();
      expect(job.status).toBe('failed');
      expect(job.log_tail).toMatch(/The post could not be committed; the draft is kept\.$/);
      expect(fs.existsSync(path.join(s.content.dir, 'blog', `${draft.slug}.md`))).toBe(false);
      expect(
        (await s.t.app.inject({ url: `/api/v1/drafts/${draft.id}`, headers: s.headers }))
          .statusCode,
      ).toBe(200);
    } finally {
      await s.close();
    }
  });
});
