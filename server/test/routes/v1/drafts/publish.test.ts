import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type {
  Draft,
  DraftListResponse,
  DraftPreview,
  PublishedPostListResponse,
  PublishJob,
  PublishJobListResponse,
} from '@site/contracts';
import { compileMarkdown, readPostFile } from '@site/pipeline';
import { SiteBuilder } from '../../../../src/services/publish/site-builder';
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
  const drafts = async () =>
    (await t.app.inject({ url: '/api/v1/drafts', headers })).json<DraftListResponse>().items;
  const posts = async () =>
    (await t.app.inject({ url: '/api/v1/posts', headers })).json<PublishedPostListResponse>().items;
  const file = (slug: string) => path.join(content.dir, 'blog', `${slug}.md`);
  const close = async () => {
    await t.close();
    content.remove();
  };
  return { t, content, headers, create, publish, jobs, drafts, posts, file, close };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function publishAndWait(s: Setup, patch: object = {}) {
  const draft = await s.create(patch);
  const res = await s.publish(draft.id);
  expect(res.statusCode).toBe(202);
  await s.t.app.siteBuilder.idle();
  return { draft, job: res.json<PublishJob>() };
}

describe('publishing with a site rebuild (PUBLISH_MODE=build)', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });
  afterEach(() => s.close());

  test('only admins and editors may publish, preview, list posts or read jobs', async () => {
    const anonymous = [
      { method: 'POST' as const, url: '/api/v1/drafts/1/publish' },
      { method: 'POST' as const, url: '/api/v1/drafts/preview', payload: { body: 'x' } },
      { method: 'GET' as const, url: '/api/v1/publish-jobs' },
      { method: 'GET' as const, url: '/api/v1/posts' },
      { method: 'POST' as const, url: '/api/v1/posts/already-out/edit' },
      { method: 'POST' as const, url: '/api/v1/posts/already-out/unpublish' },
    ];
    for (const request of anonymous) {
      expect((await s.t.app.inject(request)).statusCode).toBe(401);
    }
  });

  test('the file is written when its build starts, read back by the build’s own reader, and served', async () => {
    const draft = await s.create();
    const res = await s.publish(draft.id);
    expect(res.statusCode).toBe(202);
    expect(res.json<PublishJob>()).toMatchObject({
      action: 'publish',
      slug: draft.slug,
      title: DRAFT.title,
      mode: 'build',
      requested_by: 'dana',
    });
    expect(
      (await s.t.app.inject({ url: `/api/v1/drafts/${draft.id}`, headers: s.headers })).statusCode,
    ).toBe(404);

    await s.t.app.siteBuilder.idle();
    const [done] = await s.jobs();
    expect(done).toMatchObject({ status: 'succeeded', finished_at: expect.any(String) });
    expect(done?.log_tail).toContain('success the site is built');

    const read = readPostFile(fs.readFileSync(s.file(draft.slug), 'utf8'), 'x.md');
    expect(read).toMatchObject({
      ok: true,
      fields: {
        slug: draft.slug,
        title: DRAFT.title,
        category: 'engineering',
        tags: DRAFT.tags,
        author: 'Dana Editor',
      },
    });
    if (read.ok) expect(read.body.trim()).toBe(DRAFT.body.trim());
    const page = await s.t.app.inject({ url: `/blog/${draft.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(DRAFT.title);
    expect((await s.t.app.inject({ url: '/' })).body).toBe('<p>2 posts</p>');
  });

  test('one rebuild at a time: a second publish waits and its build adds only its own post', async () => {
    const first = await s.create({ title: 'First in line' });
    const second = await s.create({ title: 'Second in line' });
    const a = (await s.publish(first.id)).json<PublishJob>();
    const b = (await s.publish(second.id)).json<PublishJob>();
    expect((await s.jobs()).find((j) => j.id === b.id)?.status).toBe('queued');

    await s.t.app.siteBuilder.idle();
    const done = await s.jobs();
    const jobA = done.find((j) => j.id === a.id) as PublishJob;
    const jobB = done.find((j) => j.id === b.id) as PublishJob;
    expect([jobA.status, jobB.status]).toEqual(['succeeded', 'succeeded']);
    expect((jobB.started_at as string) >= (jobA.finished_at as string)).toBe(true);
    expect((await s.t.app.inject({ url: '/blog/second-in-line' })).statusCode).toBe(200);
  });

  test('a failed build takes the post out again, returns the draft, and the next publish works', async () => {
    await publishAndWait(s, { title: 'Good post' });
    const before = fs.readdirSync(path.join(s.content.dir, 'blog')).sort();

    const { job } = await publishAndWait(s, { title: 'Bad post', body: 'BREAK THE BUILD' });
    const failed = (await s.jobs()).find((j) => j.id === job.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.log_tail).toContain('error bad-post.md: the page could not be built');
    expect(failed?.log_tail.split('\n').at(-1)).toBe(
      'The build exited with code 1. The site still serves the previous version; the change was taken out again and the draft is back in Drafts.',
    );
    expect(fs.readdirSync(path.join(s.content.dir, 'blog')).sort()).toEqual(before);
    expect((await s.t.app.inject({ url: '/blog/good-post' })).statusCode).toBe(200);
    expect((await s.t.app.inject({ url: '/' })).body).toBe('<p>2 posts</p>');
    const back = (await s.drafts()).find((d) => d.title === 'Bad post');
    expect(back).toMatchObject({ slug: 'bad-post' });

    await publishAndWait(s, { title: 'Next post' });
    expect((await s.jobs())[0]).toMatchObject({ title: 'Next post', status: 'succeeded' });
    expect((await s.t.app.inject({ url: '/' })).body).toBe('<p>3 posts</p>');
  });

  test('an incomplete draft is refused with its field errors; an unknown one is 404', async () => {
    const draft = await s.create({ description: '' });
    const res = await s.publish(draft.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: expect.stringMatching(/^This draft cannot be published yet: description/),
      errors: [{ field: 'description', message: expect.any(String) }],
    });
    expect(fs.existsSync(s.file(draft.slug))).toBe(false);
    expect((await s.publish(9999)).statusCode).toBe(404);
  });

  test('a slug published by someone else since the draft was saved is refused', async () => {
    const draft = await s.create();
    fs.writeFileSync(s.file(draft.slug), 'hand-written');
    const res = await s.publish(draft.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'slug', message: expect.stringContaining('published post') },
    ]);
    expect(fs.readFileSync(s.file(draft.slug), 'utf8')).toBe('hand-written');
  });

  test('a slug taken while the publish waited fails the job without touching the file', async () => {
    const draft = await s.create({ title: 'Raced' });
    const other = await s.create({ title: 'Holds the queue' });
    await s.publish(other.id);
    await s.publish(draft.id);
    fs.writeFileSync(s.file('raced'), 'committed through git meanwhile');
    await s.t.app.siteBuilder.idle();
    const job = (await s.jobs()).find((j) => j.slug === 'raced');
    expect(job?.status).toBe('failed');
    expect(job?.log_tail).toContain('content/blog/raced.md already exists');
    expect(fs.readFileSync(s.file('raced'), 'utf8')).toBe('committed through git meanwhile');
    expect((await s.drafts()).map((d) => d.title)).toContain('Raced');
  });
});

describe('editing and unpublishing published posts', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });
  afterEach(() => s.close());

  const edit = (slug: string) =>
    s.t.app.inject({ method: 'POST', url: `/api/v1/posts/${slug}/edit`, headers: s.headers });
  const unpublish = (slug: string) =>
    s.t.app.inject({ method: 'POST', url: `/api/v1/posts/${slug}/unpublish`, headers: s.headers });

  test('a published post opens as a draft that keeps its slug and date; publishing replaces it', async () => {
    const res = await edit('already-out');
    expect(res.statusCode).toBe(201);
    const draft = res.json<Draft>();
    expect(draft).toMatchObject({
      title: 'Already out',
      slug: 'already-out',
      replaces_slug: 'already-out',
      body: 'Hi.\n',
      problems: [],
    });
    expect((await edit('already-out')).statusCode).toBe(200);

    // The slug cannot be changed while editing a published post.
    const saved = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/drafts/${draft.id}`,
      headers: s.headers,
      payload: { ...DRAFT, title: 'Already out, revised', slug: 'another', body: 'Revised.' },
    });
    expect(saved.json<Draft>()).toMatchObject({ slug: 'already-out', problems: [] });

    const job = (await s.publish(draft.id)).json<PublishJob>();
    expect(job).toMatchObject({ action: 'replace', slug: 'already-out' });
    await s.t.app.siteBuilder.idle();
    expect((await s.jobs())[0]?.status).toBe('succeeded');
    // The post keeps the file name it was committed under.
    expect(fs.existsSync(s.file('already-out'))).toBe(false);
    const read = readPostFile(
      fs.readFileSync(path.join(s.content.dir, 'blog', 'published-file-name.md'), 'utf8'),
      'x.md',
    );
    expect(read).toMatchObject({
      ok: true,
      fields: { title: 'Already out, revised', date: '2025-01-01T00:00:00.000Z' },
    });
  });

  test('unpublish removes the file and rebuilds; the post leaves the list and its page', async () => {
    const { draft } = await publishAndWait(s, { title: 'Short lived' });
    expect((await s.t.app.inject({ url: `/blog/${draft.slug}` })).statusCode).toBe(200);
    const res = await unpublish(draft.slug);
    expect(res.statusCode).toBe(202);
    expect(res.json<PublishJob>()).toMatchObject({ action: 'unpublish', requested_by: 'dana' });
    await s.t.app.siteBuilder.idle();
    expect((await s.jobs())[0]?.status).toBe('succeeded');
    expect(fs.existsSync(s.file(draft.slug))).toBe(false);
    expect((await s.t.app.inject({ url: `/blog/${draft.slug}` })).statusCode).toBe(404);
    expect((await s.posts()).map((p) => p.slug)).not.toContain(draft.slug);
  });

  test('a failed unpublish build puts the file back', async () => {
    const { draft } = await publishAndWait(s, { title: 'Stays up' });
    const original = fs.readFileSync(s.file(draft.slug), 'utf8');
    // Another post that breaks the build was committed by hand meanwhile.
    fs.writeFileSync(
      path.join(s.content.dir, 'blog', 'broken.md'),
      '---\ntitle: "B"\nslug: broken\ndescription: "B"\ndate: 2025-01-02\ncategory: foundation\n---\nBREAK THE BUILD\n',
    );
    await unpublish(draft.slug);
    await s.t.app.siteBuilder.idle();
    expect((await s.jobs())[0]).toMatchObject({ action: 'unpublish', status: 'failed' });
    expect((await s.jobs())[0]?.log_tail).toMatch(/the post stays published\.$/);
    expect(fs.readFileSync(s.file(draft.slug), 'utf8')).toBe(original);
    expect((await s.t.app.inject({ url: `/blog/${draft.slug}` })).statusCode).toBe(200);
  });

  test('the published list says who published what and when, and what is being edited', async () => {
    const { draft } = await publishAndWait(s, { title: 'Listed' });
    const opened = (await edit('already-out')).json<Draft>();
    const items = await s.posts();
    expect(items.map((p) => p.slug)).toEqual([draft.slug, 'already-out']);
    expect(items[0]).toMatchObject({
      title: 'Listed',
      format: 'md',
      pending: false,
      editing_draft_id: null,
      last_change: { action: 'publish', requested_by: 'dana', status: 'succeeded' },
    });
    expect(items[1]).toMatchObject({ last_change: null, editing_draft_id: opened.id });
  });

  test('a file marked draft: true is not listed as published (the build leaves it out)', async () => {
    fs.writeFileSync(
      path.join(s.content.dir, 'blog', 'not-yet.md'),
      '---\ntitle: "Not yet"\nslug: not-yet\ndescription: "x"\ndate: 2025-02-01\ncategory: foundation\ndraft: true\n---\n\nSoon.\n',
    );
    expect((await s.posts()).map((p) => p.slug)).toEqual(['already-out']);
  });

  test('MDX posts, unknown posts and a second change while one is pending are refused', async () => {
    fs.writeFileSync(
      path.join(s.content.dir, 'blog', 'code.mdx'),
      '---\ntitle: "Code"\nslug: code\ndescription: "c"\ndate: 2025-01-03\ncategory: foundation\n---\n\n<Chart />\n',
    );
    expect((await edit('code')).statusCode).toBe(409);
    expect((await unpublish('code')).statusCode).toBe(409);
    expect((await edit('nothing-here')).statusCode).toBe(404);
    expect((await unpublish('nothing-here')).statusCode).toBe(404);
    expect((await edit('Not a slug!')).statusCode).toBe(400);

    const { draft } = await publishAndWait(s, { title: 'Busy' });
    expect((await unpublish(draft.slug)).statusCode).toBe(202);
    const again = await unpublish(draft.slug);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already waiting or building/);
    await s.t.app.siteBuilder.idle();
  });
});

describe('the publish build', () => {
  test('sees only the allowlisted environment, runs outside DATA_DIR and cannot read it', async () => {
    const secrets = {
      ADMIN_PASSWORD: 'admin-password-123',
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
    };
    const s = await setup();
    try {
      const secretFile = path.join(s.t.config.dataDir, 'jwt-secret');
      fs.writeFileSync(secretFile, 'the-jwt-secret');
      Object.assign(process.env, secrets);
      const builder = new SiteBuilder({
        db: s.t.app.db,
        log: s.t.app.log,
        site: s.t.app.site,
        command: `${FAKE_BUILD} ${secretFile}`,
        projectDir: process.cwd(),
        buildsDir: path.join(s.t.config.dataDir, 'site-builds'),
        contentDir: s.content.dir,
        siteDir: s.t.config.siteDir,
        dataDir: s.t.config.dataDir,
        workDir: s.t.config.publishWorkDir,
        isolation: 'auto',
        env: { ...process.env, JWT_SECRET: 'x', DATABASE_URL: 'postgres://u:p@h/db' },
      });
      // The app's own builder stands down; this one is the build under test.
      await s.t.app.siteBuilder.close();
      const draft = await s.create({ title: 'Probe' });
      await s.publish(draft.id);
      await builder.start();
      await builder.idle();
      const probe = JSON.parse((await s.t.app.inject({ url: '/probe.json' })).body) as {
        env: string[];
        cwd: string;
        secret: string;
      };
      for (const name of ['ADMIN_PASSWORD', 'SMTP_URL', 'JWT_SECRET', 'DATABASE_URL']) {
        expect(probe.env).not.toContain(name);
      }
      expect(probe.env).toEqual(
        expect.arrayContaining(['CONTENT_DIR', 'SITE_BUILD_OUT', 'PROJECT_DIR', 'PATH']),
      );
      expect(path.relative(s.t.config.dataDir, probe.cwd).startsWith('..')).toBe(true);
      // This machine allows mount namespaces (unshare -rm), so DATA_DIR is hidden from the build.
      expect(probe.secret).toMatch(/^unreadable: /);
      await builder.close();
    } finally {
      for (const name of Object.keys(secrets)) delete process.env[name];
      await s.close();
    }
  });

  test('a build cut short by a restart is undone when the server starts again', async () => {
    const s = await setup();
    try {
      const draft = await s.create({ title: 'Interrupted' });
      await s.t.app.siteBuilder.close();
      await s.publish(draft.id);
      const [job] = await s.jobs();
      // As if the server had applied the change and died during the build.
      const row = await s.t.app.db
        .selectFrom('publish_jobs')
        .selectAll()
        .where('id', '=', job?.id as number)
        .executeTakeFirstOrThrow();
      fs.writeFileSync(s.file('interrupted'), row.content ?? '');
      await s.t.app.db
        .updateTable('publish_jobs')
        .set({ status: 'running' })
        .where('id', '=', row.id)
        .execute();

      const restarted = new SiteBuilder({
        db: s.t.app.db,
        log: s.t.app.log,
        site: s.t.app.site,
        command: FAKE_BUILD,
        projectDir: process.cwd(),
        buildsDir: path.join(s.t.config.dataDir, 'site-builds'),
        contentDir: s.content.dir,
        siteDir: s.t.config.siteDir,
        dataDir: s.t.config.dataDir,
        workDir: s.t.config.publishWorkDir,
        isolation: 'none',
      });
      await restarted.start();
      await restarted.idle();
      expect(fs.existsSync(s.file('interrupted'))).toBe(false);
      expect((await s.jobs())[0]?.status).toBe('failed');
      expect((await s.drafts()).map((d) => d.title)).toContain('Interrupted');
      await restarted.close();
    } finally {
      await s.close();
    }
  });
});

describe('preview', () => {
  test('answers the HTML the build makes, or the lines that keep a body from publishing', async () => {
    const s = await setup();
    try {
      const body = '## Hi\n\n<script>alert(1)</script>\n\n```js\nconst a = 1 < 2;\n```';
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/drafts/preview',
        headers: s.headers,
        payload: { body },
      });
      expect(res.statusCode).toBe(200);
      const compiled = compileMarkdown(body);
      expect(res.json<DraftPreview>()).toEqual({
        html: compiled.html,
        headings: compiled.headings,
        reading_time: 1,
        word_count: compiled.wordCount,
        problems: [],
      });
      const bad = await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/drafts/preview',
        headers: s.headers,
        payload: { body: 'ok\n\u0000' },
      });
      expect(bad.json<DraftPreview>()).toMatchObject({
        html: '',
        problems: [{ line: 2, message: expect.stringContaining('control character') }],
      });
      const tooLong = await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/drafts/preview',
        headers: s.headers,
        payload: { body: 'x'.repeat(60_001) },
      });
      expect(tooLong.statusCode).toBe(400);
    } finally {
      await s.close();
    }
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

      const gone = await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${draft.slug}/unpublish`,
        headers: s.headers,
      });
      expect(gone.json<PublishJob>()).toMatchObject({ action: 'unpublish', status: 'succeeded' });
      expect(git(s.content.dir, 'log', '-1', '--format=%s')).toBe(`Unpublish "${DRAFT.title}"`);
      expect(fs.existsSync(s.file(draft.slug))).toBe(false);
      expect((await s.jobs()).map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
      expect(fs.existsSync(path.join(s.t.config.dataDir, 'site-builds'))).toBe(false);
    } finally {
      await s.close();
    }
  });

  test('a failed commit removes the file and returns the draft', async () => {
    const s = await setup({ PUBLISH_MODE: 'git' });
    try {
      const draft = await s.create();
      const job = (await s.publish(draft.id)).json<PublishJob>();
      expect(job.status).toBe('failed');
      expect(job.log_tail).toMatch(
        /The change could not be committed; nothing was published and the draft is back in Drafts\.$/,
      );
      expect(fs.existsSync(s.file(draft.slug))).toBe(false);
      expect((await s.drafts()).map((d) => d.title)).toContain(DRAFT.title);
    } finally {
      await s.close();
    }
  });
});
