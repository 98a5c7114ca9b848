import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Draft, PublishJob, PublishJobListResponse } from '@site/contracts';
import { FEED_DATA_FILE, type FeedData } from '@site/pipeline';
import type { App } from '../../src/app';
import { OUTPUT_DIR } from '../../src/lib/request-render';
import { HOME_LATEST_SEED } from '@site/contracts';
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
 * Two server instances on one database, one DATA_DIR and one content/, publishing with a build
 * that waits until the test lets it go. Between a change and its switch, every other post of the
 * category whose related posts the change moves is drawn with the related posts the build will
 * give it (a published post listed, an updated title, an unpublished post gone), on both; a post
 * of another category is served as built. An update's new title and description reach the feed
 * and the home page's latest posts, and the sitemap keeps listing the post once, as built.
 */

const MARKER = '<template id="request-render-head"></template>';
const NOT_FOUND = '<section>Post Not Found</section>';
const TITLE = '<title data-gatsby-head="true">Post Not Found | Site</title>';
const NOT_FOUND_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}${TITLE}</head><body>${NOT_FOUND}</body></html>`;

/** Stand-ins for the site's compiled slots: they draw the data they are given, escaped. */
const ESCAPE = `const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');`;
const POST_MODULE = `${ESCAPE}
exports.render = function (data) {
  if (data === null) return { html: ${JSON.stringify(NOT_FOUND)}, head: '' };
  if (data.gone) return { html: ${JSON.stringify(NOT_FOUND)}, head: '', status: 404 };
  const post = data.page.blogPost;
  return {
    html: '<article data-drawn>' + escape(post.title) + '|' + post.html + '|related:' +
      data.page.related.nodes.map((n) => escape(n.slug) + '=' + escape(n.title)).join(',') + '</article>',
    head: '',
    pageHead: '<title>' + escape(post.title + ' | ' + data.siteMetadata.title) + '</title>',
  };
};
`;
const LIST_MODULE = `${ESCAPE}
exports.render = function (data) {
  return { html: '<ul>' + data.posts.nodes.map((n) => '<li>' + escape(n.slug) + '</li>').join('') + '</ul>', head: '' };
};
`;
const HOME_MODULE = `${ESCAPE}
exports.render = function (data) {
  return { html: '<ol>' + data.posts.map((n) => '<li>' + escape(n.slug) + ':' + escape(n.title) + '</li>').join('') + '</ol>', head: '' };
};
`;
const PAGE = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}<title>${title}</title></head><body>${body}</body></html>`;

const SITEMAP_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">';

/** The template every build copies (the gated build writes the posts' pages and data into it). */
function writeTemplate(root: string) {
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('index.html', PAGE('Home', '<h1>home</h1><ol></ol>'));
  write('blog/index.html', PAGE('Blog', '<ul></ul>'));
  write('blog/404.html', NOT_FOUND_PAGE);
  write('rss.xml', '<rss>the build</rss>');
  write('sitemap-0.xml', `${SITEMAP_HEAD}<url><loc>https://example.org/</loc></url></urlset>`);
  const feed: FeedData = {
    channel: { title: 'Blog', description: 'Posts', site_url: 'https://example.org' },
    siteUrl: 'https://example.org',
    posts: [],
  };
  write(FEED_DATA_FILE, JSON.stringify(feed));
  write(
    HOME_LATEST_SEED,
    JSON.stringify({
      result: {
        data: {
          copy: { title: 'Latest', lead: 'New', empty: 'None yet', more: 'All posts' },
          posts: [],
        },
      },
    }),
  );
  write(
    'page-data/blog/page-data.json',
    JSON.stringify({
      result: {
        data: {
          site: null,
          posts: { totalCount: 0, nodes: [] },
          byCategory: { group: [] },
          bySeries: { group: [] },
          categories: {
            nodes: [
              { name: 'foundation', title: 'Foundation', description: 'Core concepts' },
              { name: 'engineering', title: 'Engineering', description: 'Patterns' },
            ],
          },
        },
      },
    }),
  );
  write(path.join(OUTPUT_DIR, 'blog-post.js'), POST_MODULE);
  write(path.join(OUTPUT_DIR, 'blog-list.js'), LIST_MODULE);
  write(path.join(OUTPUT_DIR, 'home-latest.js'), HOME_MODULE);
  write(
    path.join(OUTPUT_DIR, 'manifest.json'),
    JSON.stringify({
      headMarker: MARKER,
      site: { title: 'Site', description: 'A site', siteUrl: 'https://example.org' },
      slots: [
        {
          name: 'blog-post',
          pageFile: 'blog/404.html',
          module: 'blog-post.js',
          data: '/api/v1/blog-changes/posts/{slug}',
          path: '/blog/:slug',
          headElements: [TITLE],
        },
        {
          name: 'home-latest',
          pageFile: 'index.html',
          module: 'home-latest.js',
          data: '/api/v1/blog-changes/latest',
          seed: HOME_LATEST_SEED,
        },
        {
          name: 'blog-list',
          pageFile: 'blog/index.html',
          module: 'blog-list.js',
          data: '/api/v1/blog-changes/list',
          seed: 'page-data/blog/page-data.json',
        },
      ],
    }),
  );
}

/** A post file as an editor would commit it. */
const postFile = (slug: string, title: string, date: string, category: string) =>
  `---\ntitle: "${title}"\nslug: ${slug}\ndescription: "About ${title}"\ndate: ${date}\ncategory: ${category}\n---\n\n${title} body.\n`;

const GATED_BUILD = path.join(__dirname, 'gated-build.cjs');

let dir: string;
let content: ReturnType<typeof makeContentDir>;
let db: SharedDatabase;
const apps: App[] = [];

async function start(): Promise<App> {
  const env = processEnv(dir, content.dir, db, {
    LOG_LEVEL: process.env.DRAWN_LOG ?? 'silent',
    SITE_DIR: path.join(dir, 'first', 'public'),
    PUBLISH_MODE: 'build',
    PUBLISH_ISOLATION: 'none',
    SITE_BUILD_COMMAND: `exec node ${GATED_BUILD} ${path.join(dir, 'release')} ${path.join(dir, 'template')}`,
  });
  const app = await startProcess(env, db);
  apps.push(app);
  return app;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-drawn-related-'));
  fs.mkdirSync(path.join(dir, 'data'));
  content = makeContentDir();
  // Besides "Already out" (foundation, 2025-01-01): three older posts of its category and one of
  // another.
  const blog = path.join(content.dir, 'blog');
  fs.writeFileSync(
    path.join(blog, 'second-look.md'),
    postFile('second-look', 'Second look', '2024-04-01', 'foundation'),
  );
  fs.writeFileSync(
    path.join(blog, 'first-steps.md'),
    postFile('first-steps', 'First steps', '2024-03-01', 'foundation'),
  );
  fs.writeFileSync(
    path.join(blog, 'oldest-notes.md'),
    postFile('oldest-notes', 'Oldest notes', '2023-01-01', 'foundation'),
  );
  fs.writeFileSync(
    path.join(blog, 'patterns-intro.md'),
    postFile('patterns-intro', 'Patterns intro', '2024-02-01', 'engineering'),
  );
  writeTemplate(path.join(dir, 'template'));
  // The served site: the same build, run once before the servers start.
  fs.writeFileSync(path.join(dir, 'release'), '');
  execFileSync('node', [GATED_BUILD, path.join(dir, 'release'), path.join(dir, 'template')], {
    env: { ...process.env, SITE_BUILD_OUT: path.join(dir, 'first'), CONTENT_DIR: content.dir },
  });
  db = sharedDatabase(dir, 'drawnrel');
});

afterAll(async () => {
  for (const app of apps.splice(0)) await app.close().catch(() => undefined);
  await dropSharedDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
  content.remove();
});

interface DrawnPost {
  page: {
    blogPost: { title: string; html: string };
    related: { nodes: Array<{ slug: string; title: string }> };
  };
}

let a: App;
let b: App;
let headers: { authorization: string };

const both = async (address: string) =>
  Promise.all([a, b].map((app) => app.inject({ url: address })));
const jobStatus = async (id: number) =>
  (await a.inject({ url: '/api/v1/publish-jobs', headers }))
    .json<PublishJobListResponse>()
    .items.find((job) => job.id === id)?.status;
const release = () => fs.writeFileSync(path.join(dir, 'release'), '');
/** Lets the job's build go and waits until both processes serve it. */
async function built(job: PublishJob) {
  release();
  await until('the job to succeed', async () => (await jobStatus(job.id)) === 'succeeded');
  await until('both to serve the build', async () =>
    (await both('/api/v1/blog-changes/list')).every((res) => res.statusCode === 404),
  );
}
/** The related posts that both processes draw on `slug`'s page, as "slug=title". */
async function drawnRelated(slug: string): Promise<string[]> {
  const answers = await both(`/api/v1/blog-changes/posts/${slug}`);
  const lists = answers.map((res) => {
    expect(res.statusCode).toBe(200);
    return res.json<DrawnPost>().page.related.nodes.map((node) => `${node.slug}=${node.title}`);
  });
  expect(lists[1]).toEqual(lists[0]);
  return lists[0] ?? [];
}
/** Publishes the draft `id` through B. */
async function publishDraft(id: number): Promise<PublishJob> {
  const res = await b.inject({ method: 'POST', url: `/api/v1/drafts/${id}/publish`, headers });
  expect(res.statusCode).toBe(202);
  return res.json<PublishJob>();
}
/** Opens the published post `slug` as a draft, saves `changes` and publishes it. */
async function update(slug: string, changes: { title: string; description: string }) {
  const opened = await a.inject({ method: 'POST', url: `/api/v1/posts/${slug}/edit`, headers });
  expect(opened.statusCode).toBe(201);
  const draft = opened.json<Draft>();
  const saved = await a.inject({
    method: 'PUT',
    url: `/api/v1/drafts/${draft.id}`,
    headers,
    payload: { ...DRAFT, ...changes, category: 'foundation', body: `${changes.title} body.` },
  });
  expect(saved.json<Draft>()).toMatchObject({ slug, problems: [] });
  const job = await publishDraft(draft.id);
  expect(job).toMatchObject({ action: 'replace', slug });
  return job;
}

beforeAll(async () => {
  a = await start();
  b = await start();
  headers = { authorization: (await userWithToken(b, 'editor', 'dana')).authorization };
});

test('other posts of the category list a published post, an updated title, and drop an unpublished post', async () => {
  // As built: nothing is drawn.
  for (const res of await both('/blog/first-steps')) expect(res.body).toMatch(/^<p>built<\/p>/);
  expect((await a.inject({ url: '/api/v1/blog-changes/posts/first-steps' })).statusCode).toBe(404);

  // Published: the newest post of "foundation" is every other foundation post's first related
  // post, before its build.
  const created = await b.inject({
    method: 'POST',
    url: '/api/v1/drafts',
    headers,
    payload: { ...DRAFT, title: 'Fresh <Foundation> Post', category: 'foundation' },
  });
  expect(created.statusCode).toBe(201);
  const job = await publishDraft(created.json<Draft>().id);
  expect(['queued', 'running']).toContain(await jobStatus(job.id));
  const fresh = `${job.slug}=Fresh <Foundation> Post`;
  expect(await drawnRelated('first-steps')).toEqual([
    fresh,
    'already-out=Already out',
    'second-look=Second look',
  ]);
  expect(await drawnRelated('oldest-notes')).toEqual([
    fresh,
    'already-out=Already out',
    'second-look=Second look',
  ]);
  expect(await drawnRelated('already-out')).toEqual([
    fresh,
    'second-look=Second look',
    'first-steps=First steps',
  ]);
  // The page itself: the post as built (its title, body and head) with the new related posts.
  for (const res of await both('/blog/first-steps')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<article data-drawn>First steps|<p>First steps body.</p>|related:${job.slug}=Fresh &#60;Foundation&#62; Post,already-out=Already out,second-look=Second look</article>`,
    );
    expect(res.body).toContain('<title>First steps | Site</title>');
    expect(res.body).not.toContain('Post Not Found');
  }
  // Another category's post is served as built.
  for (const res of await both('/blog/patterns-intro')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<p>built<\/p>/);
  }
  expect((await a.inject({ url: '/api/v1/blog-changes/posts/patterns-intro' })).statusCode).toBe(
    404,
  );
  // Once built, the built pages again (whose related posts are the same).
  await built(job);
  for (const res of await both('/blog/first-steps')) expect(res.body).toMatch(/^<p>built<\/p>/);
  const page = JSON.parse(
    fs.readFileSync(
      path.join(
        dir,
        'data',
        'site-builds',
        `build-${job.id}`,
        'public',
        'page-data',
        'blog',
        'first-steps',
        'page-data.json',
      ),
      'utf8',
    ),
  ) as { result: { data: DrawnPost['page'] } };
  expect(page.result.data.related.nodes.map((node) => node.slug)).toEqual([
    job.slug,
    'already-out',
    'second-look',
  ]);

  // Updated: a related post's new title, on the other posts that list it.
  const retitled = await update('second-look', {
    title: 'Second look, revised',
    description: 'Looked at again.',
  });
  expect(await drawnRelated('first-steps')).toEqual([
    fresh,
    'already-out=Already out',
    'second-look=Second look, revised',
  ]);
  expect(await drawnRelated('already-out')).toEqual([
    fresh,
    'second-look=Second look, revised',
    'first-steps=First steps',
  ]);
  for (const res of await both('/blog/oldest-notes')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('second-look=Second look, revised</article>');
  }
  for (const res of await both('/blog/patterns-intro')) expect(res.body).toMatch(/^<p>built/);
  await built(retitled);

  // Unpublished: the post leaves the other posts' related posts at once.
  const down = await a.inject({
    method: 'POST',
    url: `/api/v1/posts/${job.slug}/unpublish`,
    headers,
  });
  expect(down.statusCode).toBe(202);
  expect(await drawnRelated('first-steps')).toEqual([
    'already-out=Already out',
    'second-look=Second look, revised',
    'oldest-notes=Oldest notes',
  ]);
  for (const res of await both('/blog/second-look')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '|related:already-out=Already out,first-steps=First steps,oldest-notes=Oldest notes</article>',
    );
    expect(res.body).not.toContain(job.slug);
  }
  for (const res of await both(`/blog/${job.slug}`)) expect(res.statusCode).toBe(404);
  await built(down.json<PublishJob>());
  for (const res of await both('/blog/first-steps')) expect(res.body).toMatch(/^<p>built<\/p>/);
}, 90_000);

test("an update's title and description reach the feed and the home page; the sitemap lists the post once, as built", async () => {
  const [builtSitemap] = await both('/sitemap-0.xml');
  const builtXml = builtSitemap?.body ?? '';
  expect(builtXml).toContain('<loc>https://example.org/blog/already-out</loc>');
  for (const res of await both('/')) expect(res.body).toContain('<li>already-out:Already out</li>');

  const job = await update('already-out', {
    title: 'Already out & retitled',
    description: 'A new description.',
  });
  // The feed: the item with its new title and description, once, in its place and with its date.
  for (const res of await both('/rss.xml')) {
    expect(res.statusCode).toBe(200);
    const guid = '<guid isPermaLink="false">https://example.org/blog/already-out</guid>';
    expect(res.body.split(guid)).toHaveLength(2);
    expect(res.body).toContain('<title><![CDATA[Already out & retitled]]></title>');
    expect(res.body).toContain('<description><![CDATA[A new description.]]></description>');
    expect(res.body).not.toContain('<![CDATA[Already out]]>');
    expect(res.body).toContain('<pubDate>Wed, 01 Jan 2025 00:00:00 GMT</pubDate>');
    expect(res.body.indexOf(guid)).toBeLessThan(res.body.indexOf('/blog/second-look</guid>'));
  }
  // The sitemap carries no lastmod (the build writes none): the post stays listed once, as built.
  for (const res of await both('/sitemap-0.xml')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(builtXml);
    expect(res.body).not.toContain('lastmod');
  }
  // The home page's latest posts: the post with its new title, in its place.
  for (const res of await both('/')) {
    expect(res.body).toContain(
      '<ol><li>already-out:Already out &#38; retitled</li><li>second-look:Second look, revised</li>',
    );
  }
  const latest = await a.inject({ url: '/api/v1/blog-changes/latest' });
  expect(latest.json<{ posts: Array<{ slug: string; title: string }> }>().posts[0]).toMatchObject({
    slug: 'already-out',
    title: 'Already out & retitled',
  });
  // /blog's list data, too.
  const list = await a.inject({ url: '/api/v1/blog-changes/list' });
  expect(
    list.json<{ posts: { nodes: Array<{ slug: string; title: string; excerpt: string }> } }>().posts
      .nodes[0],
  ).toMatchObject({ slug: 'already-out', title: 'Already out & retitled' });

  await built(job);
  for (const res of await both('/')) {
    expect(res.body).toContain('<li>already-out:Already out &#38; retitled</li>');
  }
  for (const res of await both('/rss.xml')) expect(res.body).toBe('<rss>the build</rss>');
}, 60_000);
