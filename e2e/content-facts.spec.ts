import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * A price, the reply time and a service's name are each one line in content/: on a copy of the
 * content with those three lines changed, a real build (scripts/build-site-aside.mjs, as
 * publishing does) shows the new values on every page that quotes them and the old ones nowhere.
 * The pages' copy is content too: a heading, a button label and a page title changed in the same
 * copy show after that build. The build takes minutes here.
 */

const root = path.resolve(__dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8123);
const base = path.join(os.tmpdir(), `site-content-facts-${port}`);
const contentCopy = path.join(base, 'content');
const out = path.join(base, 'out');

/** Replaces exactly one line of a content file, so the test proves the change is one line. */
function changeOneLine(file: string, from: string, to: string) {
  const target = path.join(contentCopy, file);
  const lines = fs.readFileSync(target, 'utf8').split('\n');
  const hits = lines.flatMap((line, index) => (line === from ? [index] : []));
  expect(hits, `${file} has exactly one line "${from}"`).toHaveLength(1);
  lines[hits[0] as number] = to;
  fs.writeFileSync(target, lines.join('\n'));
}

const PAGES = ['index.html', 'services/index.html', 'pricing/index.html', 'about/index.html'];

test.describe.configure({ mode: 'serial' });

test('a changed price, reply time and service name show everywhere after a build', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000);
  fs.rmSync(contentCopy, { recursive: true, force: true });
  fs.mkdirSync(base, { recursive: true });
  fs.cpSync(path.join(root, 'content'), contentCopy, { recursive: true });
  changeOneLine('pricing.yaml', '    price: $999', '    price: $1,099');
  changeOneLine('company.yaml', 'replyTime: 24 hours', 'replyTime: 48 hours');
  changeOneLine('services.yaml', '  name: Graph RAG', '  name: Graph Retrieval');
  changeOneLine(
    'services-page.yaml',
    '  title: Not sure which service you need?',
    '  title: Which service fits your problem?',
  );
  changeOneLine('about.yaml', '  cta: Start a conversation', '  cta: Talk to the team');
  changeOneLine('contact.yaml', 'title: Contact Us', 'title: Write to us');

  execFileSync(process.execPath, [path.join(root, 'scripts/build-site-aside.mjs')], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentCopy, SITE_BUILD_OUT: out },
    stdio: 'pipe',
    maxBuffer: 64 * 1024 * 1024,
  });

  /**
   * The text a visitor reads (the server-rendered page, scripts left out), the meta description
   * and the page title.
   */
  async function read(file: string) {
    await page.goto(pathToFileURL(path.join(out, 'public', file)).href);
    const text = await page.locator('body').innerText();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    return `${text}\n${description ?? ''}\n${await page.title()}`;
  }

  const pages: Record<string, string> = {};
  for (const file of PAGES) pages[file] = await read(file);
  const contact = await read('contact/index.html');

  for (const [file, text] of Object.entries(pages)) {
    expect(text, file).not.toContain('$999');
    expect(text, file).not.toContain('24 hours');
    expect(text, file).toContain('Graph Retrieval');
    expect(text, file).not.toContain('Graph RAG');
  }
  expect(pages['index.html']).toContain('Fixed-price plans from $1,099');
  expect(pages['index.html']).toContain('Replies within 48 hours');
  expect(pages['about/index.html']).toContain('Fixed-price plans from $1,099');
  expect(pages['about/index.html']).toContain('Within 48 hours on business days');
  expect(pages['pricing/index.html']).toMatch(/\$1,099\s+one-time/);
  expect(pages['pricing/index.html']).toContain('Starter from $1,099 one-time or $99/month');
  expect(pages['services/index.html']).toContain(
    'We answer every enquiry within 48 hours on business days.',
  );
  expect(contact).toContain('We answer every enquiry within 48 hours on business days.');
  expect(contact).toContain('We reply within 48 hours on business days.');
  expect(contact).not.toContain('24 hours');
  // The copy around the facts.
  expect(pages['services/index.html']).toContain('Which service fits your problem?');
  expect(pages['services/index.html']).not.toContain('Not sure which service you need?');
  expect(pages['about/index.html']).toContain('Talk to the team');
  expect(pages['about/index.html']).not.toContain('Start a conversation');
  expect(contact).toContain('Write to us | AgentWorks');
  expect(contact).not.toContain('Contact Us | AgentWorks');
  // The contact form's choice (an <option>, not in innerText) takes the new name too.
  expect(fs.readFileSync(path.join(out, 'public', 'contact/index.html'), 'utf8')).toContain(
    '>Graph Retrieval</option>',
  );
});
