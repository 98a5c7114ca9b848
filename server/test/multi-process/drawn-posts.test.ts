import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Draft, PublishJob, PublishJobListResponse } from '@site/contracts';
import type { App } from '../../src/app';
import { FEED_DATA_FILE, type FeedData } from '@site/pipeline';
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
 * Two server instances on one database, one DATA_DIR and one content/ (two processes on one
 * machine), publishing with a build that waits until the test lets it go. Between Publish and the
 * switch, both draw the new post at /blog/{slug} (200, with its own head) and list it on /blog;
 * an unpublished post is the post-not-found page (404) on both; once the build is switched in,
 * both serve the built pages; a failed build's post stops being drawn.
 */

const MARKER = '<template id="request-render-head"></template>';
const NOT_FOUND = '<section>Post Not Found</section>';
const ROBOTS = '<meta name="robots" content="noindex" data-gatsby-head="true"/>';
const TITLE = '<title data-gatsby-head="true">Post Not Found | Site</title>';
const NOT_FOUND_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8">${ROBOTS}${MARKER}${TITLE}</head><body>${NOT_FOUND}</body></html>`;
const LIST_PAGE = (list: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}<title>Blog</title></head><body>${list}</body></html>`;

/** Stand-ins for the site's compiled slots: they draw the data they are given, escaped. */
const POST_MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data) {
  if (data === null) return { html: ${JSON.stringify(NOT_FOUND)}, head: '' };
  if (data.gone) return { html: ${JSON.stringify(NOT_FOUND)}, head: '', status: 404 };
  const post = data.page.blogPost;
  return {
    html: '<article data-drawn>' + escape(post.title) + '|' + post.html + '|related:' +
      data.page.related.nodes.map((n) => n.slug).join(',') + '</article>',
    head: '<style>.drawn{}</style>',
    pageHead: '<title>' + escape(post.title + ' | ' + data.siteMetadata.title) + '</title>',
  };
};
`;
const LIST_MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data) {
  return { html: '<ul>' + data.posts.nodes.map((n) => '<li>' + escape(n.slug) + '</li>').join('') + '</ul>', head: '' };
};
`;

const HOME_MODULE = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.render = function (data) {
  return { html: '<ol>' + data.posts.map((n) => '<li>' + escape(n.slug) + ':' + escape(n.title) + '</li>').join('') + '</ol>', head: '' };
};
`;
const HOME_PAGE = (list: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8">${MARKER}<title>Home</title></head><body><h1>home</h1>${list}</body></html>`;
const BUILT_HOME = HOME_PAGE('<ol><li>already-out:Already out</li></ol>');
const HOME_SEED = {
  result: {
    data: {
      copy: { title: 'Latest', lead: 'New', empty: 'None yet', more: 'All posts' },
      posts: [
        {
          id: 'built-already-out',
          slug: 'already-out',
          title: 'Already out',
          excerpt: 'x',
          date: '2025-01-01T00:00:00.000Z',
          coverImage: null,
          coverAlt: null,
        },
      ],
    },
  },
};

const SEED = {
  result: {
    data: {
      site: null,
      posts: {
        totalCount: 1,
        nodes: [
          {
            id: 'built-already-out',
            slug: 'already-out',
            title: 'Already out',
            excerpt: 'x',
            date: '2025-01-01T00:00:00.000Z',
            category: 'foundation',
            series: null,
            tags: [],
          },
        ],
      },
      byCategory: { group: [{ fieldValue: 'foundation', totalCount: 1 }] },
      bySeries: { group: [] },
      categories: {
        nodes: [
          { name: 'foundation', title: 'Foundation', description: 'Core concepts' },
          { name: 'engineering', title: 'Engineering', description: 'Patterns' },
        ],
      },
    },
  },
};

/** The sitemap as built: the one post, then the site's pages. */
const SITEMAP = (...slugs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">${[
    ...slugs.map((slug) => `/blog/${slug}`),
    '/',
    '/blog',
  ]
    .map(
      (url) =>
        `<url><loc>https://example.org${url}</loc><changefreq>daily</changefreq><priority>0.7</priority></url>`,
    )
    .join('')}</urlset>`;
const FEED_DATA: FeedData = {
  channel: { title: 'Blog', description: 'Posts', site_url: 'https://example.org' },
  siteUrl: 'https://example.org',
  posts: [
    {
      slug: 'already-out',
      title: 'Already out',
      description: 'x',
      date: '2025-01-01T00:00:00.000Z',
      author: null,
      tags: [],
      category: 'foundation',
    },
  ],
};

/** The served site (or the template a build copies): the two slots and the pages they draw in. */
function writeSite(root: string, list: string, feed = '<rss>as built</rss>', home = BUILT_HOME) {
  fs.mkdirSync(path.join(root, 'blog'), { recursive: true });
  fs.mkdirSync(path.join(root, 'page-data', 'blog'), { recursive: true });
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), home);
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, HOME_LATEST_SEED), JSON.stringify(HOME_SEED));
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'home-latest.js'), HOME_MODULE);
  fs.writeFileSync(path.join(root, 'rss.xml'), feed);
  fs.writeFileSync(path.join(root, 'sitemap-0.xml'), SITEMAP('already-out'));
  fs.mkdirSync(path.join(root, OUTPUT_DIR), { recursive: true });
  fs.writeFileSync(path.join(root, FEED_DATA_FILE), JSON.stringify(FEED_DATA));
  fs.writeFileSync(path.join(root, 'blog', '404.html'), NOT_FOUND_PAGE);
  fs.writeFileSync(path.join(root, 'blog', 'index.html'), LIST_PAGE(list));
  fs.writeFileSync(path.join(root, 'page-data', 'blog', 'page-data.json'), JSON.stringify(SEED));
  fs.writeFileSync(
    path.join(root, 'blog-search-index.json'),
    JSON.stringify({
      posts: SEED.result.data.posts.nodes.map((n) => ({ ...n, description: '', content: '' })),
    }),
  );
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'blog-post.js'), POST_MODULE);
  fs.writeFileSync(path.join(root, OUTPUT_DIR, 'blog-list.js'), LIST_MODULE);
  fs.writeFileSync(
    path.join(root, OUTPUT_DIR, 'manifest.json'),
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
          headElements: [ROBOTS, TITLE],
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

let dir: string;
let content: ReturnType<typeof makeContentDir>;
let db: SharedDatabase;
const apps: App[] = [];

async function start(): Promise<App> {
  const env = processEnv(dir, content.dir, db, {
    LOG_LEVEL: process.env.DRAWN_LOG ?? 'silent',
    PUBLISH_MODE: 'build',
    PUBLISH_ISOLATION: 'none',
    SITE_BUILD_COMMAND: `exec node ${path.join(__dirname, 'gated-build.cjs')} ${path.join(dir, 'release')} ${path.join(dir, 'template')}`,
  });
  const app = await startProcess(env, db);
  apps.push(app);
  return app;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-drawn-2p-'));
  fs.mkdirSync(path.join(dir, 'data'));
  content = makeContentDir();
  writeSite(path.join(dir, 'public'), '<ul><li>already-out</li></ul>');
  writeSite(
    path.join(dir, 'template'),
    '<ul></ul>',
    '<rss>the build</rss>',
    HOME_PAGE('<ol></ol>'),
  );
  db = sharedDatabase(dir, 'drawn2');
});

afterAll(async () => {
  for (const app of apps.splice(0)) await app.close().catch(() => undefined);
  await dropSharedDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
  content.remove();
});

test('both processes draw a published post and /blog until its build is switched in', async () => {
  const a = await start();
  const b = await start();
  const editor = await userWithToken(b, 'editor', 'dana');
  const headers = { authorization: editor.authorization };
  const both = async (address: string) =>
    Promise.all([a, b].map((app) => app.inject({ url: address })));
  const jobStatus = async (id: number) =>
    (await a.inject({ url: '/api/v1/publish-jobs', headers }))
      .json<PublishJobListResponse>()
      .items.find((job) => job.id === id)?.status;
  const release = () => fs.writeFileSync(path.join(dir, 'release'), '');
  const publish = async (title: string, body = DRAFT.body) => {
    const created = await b.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers,
      payload: { ...DRAFT, title, body, category: 'foundation' },
    });
    expect(created.statusCode).toBe(201);
    const res = await b.inject({
      method: 'POST',
      url: `/api/v1/drafts/${created.json<Draft>().id}/publish`,
      headers,
    });
    expect(res.statusCode).toBe(202);
    return res.json<PublishJob>();
  };

  // Nothing changed yet: the pages are served as built, and the data API says so.
  for (const res of await both('/')) expect(res.body).toBe(BUILT_HOME);
  expect((await a.inject({ url: '/api/v1/blog-changes/latest' })).statusCode).toBe(404);
  for (const res of await both('/blog'))
    expect(res.body).toBe(LIST_PAGE('<ul><li>already-out</li></ul>'));
  expect((await a.inject({ url: '/api/v1/blog-changes/list' })).statusCode).toBe(404);

  // Published through B; the build has not run yet.
  const job = await publish('Drawn <Before> Its Build');
  expect(['queued', 'running']).toContain(await jobStatus(job.id));
  for (const res of await both(`/blog/${job.slug}`)) {
    expect(res.statusCode).toBe(200);
    // The post drawn with the compiled body, escaped title, its related post, and its own head
    // in the place of the not-found page's.
    expect(res.body).toContain('<article data-drawn>Drawn &#60;Before&#62; Its Build|<h2');
    expect(res.body).toContain('<td>2</td>');
    expect(res.body).toContain('|related:already-out</article>');
    expect(res.body).toContain('<title>Drawn &#60;Before&#62; Its Build | Site</title>');
    expect(res.body).not.toContain('Post Not Found');
    expect(res.body).not.toContain('noindex');
    expect(res.body).toContain('<style>.drawn{}</style>');
  }
  for (const res of await both('/blog')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(LIST_PAGE(`<ul><li>${job.slug}</li><li>already-out</li></ul>`));
  }
  // The home page's latest posts: the new post first, with its title escaped.
  for (const res of await both('/')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      HOME_PAGE(
        `<ol><li>${job.slug}:Drawn &#60;Before&#62; Its Build</li><li>already-out:Already out</li></ol>`,
      ),
    );
  }

  // The feed and the sitemap: drawn with the post, alike on both processes.
  const feeds = await both('/rss.xml');
  for (const res of feeds) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain(
      `<guid isPermaLink="false">https://example.org/blog/${job.slug}</guid>`,
    );
    expect(res.body).toContain('<title><![CDATA[Drawn <Before> Its Build]]></title>');
    // Newest first: the new post before the one already out.
    expect(res.body.indexOf(job.slug)).toBeLessThan(res.body.indexOf('already-out'));
  }
  for (const res of await both('/sitemap-0.xml')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SITEMAP(job.slug, 'already-out'));
  }

  // Another address under /blog/ is still not found.
  for (const res of await both('/blog/no-such-post')) {
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(NOT_FOUND_PAGE);
  }

  // The build is let go: once switched in, both serve the built pages.
  release();
  await until('the job to succeed', async () => (await jobStatus(job.id)) === 'succeeded');
  await until('both to serve the built post', async () =>
    (await both(`/blog/${job.slug}`)).every((res) => res.body.startsWith('<p>built</p>')),
  );
  // The built list, the same as drawn: nothing is drawn any more.
  for (const res of await both('/blog')) {
    expect(res.body).toBe(LIST_PAGE(`<ul><li>${job.slug}</li><li>already-out</li></ul>`));
  }
  for (const res of await both('/api/v1/blog-changes/list')) expect(res.statusCode).toBe(404);
  // The feed and the sitemap are the built files again.
  for (const res of await both('/rss.xml')) expect(res.body).toBe('<rss>the build</rss>');
  const builtHome = HOME_PAGE(
    `<ol><li>${job.slug}:Drawn &#60;Before&#62; Its Build</li><li>already-out:Already out</li></ol>`,
  );
  for (const res of await both('/')) expect(res.body).toBe(builtHome);

  // Unpublished through A: both answer the post-not-found page, and /blog leaves it out.
  const down = await a.inject({
    method: 'POST',
    url: `/api/v1/posts/${job.slug}/unpublish`,
    headers,
  });
  expect(down.statusCode).toBe(202);
  for (const res of await both(`/blog/${job.slug}`)) {
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(NOT_FOUND_PAGE);
  }
  for (const res of await both('/blog')) {
    expect(res.body).toBe(LIST_PAGE('<ul><li>already-out</li></ul>'));
  }
  // Taken off the home page, the feed and the sitemap drawn from that build's data.
  for (const res of await both('/')) expect(res.body).toBe(BUILT_HOME);
  for (const res of await both('/rss.xml')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('https://example.org/blog/already-out');
    expect(res.body).not.toContain(job.slug);
  }
  for (const res of await both('/sitemap-0.xml')) {
    expect(res.body).toBe(SITEMAP('already-out'));
  }
  release();
  const unpublished = down.json<PublishJob>();
  await until(
    'the unpublish to succeed',
    async () => (await jobStatus(unpublished.id)) === 'succeeded',
  );
  await until('both to answer the post as not found, as built', async () =>
    (await both(`/blog/${job.slug}`)).every(
      (res) => res.statusCode === 404 && res.body === NOT_FOUND_PAGE,
    ),
  );

  // A post whose build fails is drawn until then, and not after.
  const broken = await publish('Never Built', 'BREAK THE BUILD\n');
  for (const res of await both(`/blog/${broken.slug}`)) expect(res.statusCode).toBe(200);
  release();
  await until('the broken build to fail', async () => (await jobStatus(broken.id)) === 'failed');
  for (const res of await both(`/blog/${broken.slug}`)) expect(res.statusCode).toBe(404);
  for (const res of await both('/blog')) expect(res.body).not.toContain(broken.slug);
  for (const res of await both('/rss.xml')) {
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(broken.slug);
  }
}, 90_000);
