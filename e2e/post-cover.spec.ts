import fs from 'node:fs';
import { expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { coverE2e } from '../playwright.config';
import {
  expectLive,
  confirmPublish,
  fillDraft,
  loginAsAdmin,
  openNewDraft,
  shootWidths,
} from './support';

/**
 * A post's cover through the editor in Chromium: chosen with the file chooser, described, then
 * published (the real rebuild); the post draws it above the body, loaded first, and its card on
 * /blog, the home page's latest posts and another post's related posts draw it smaller, each
 * fetching the smallest file its box needs. Runs on a publishing server of its own (coverE2e): the editor spec breaks its own server's build on purpose, which would fail a publish made meanwhile.
 */

const SHOTS = 'test-results/post-cover';
const stamp = Date.now().toString(36);
const title = `Agent Loops at the Whiteboard ${stamp}`;
const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const alt = 'A whiteboard covered in boxes and arrows of an agent loop';
/** A live post of the same category: its related posts list the newest of that category first. */
const SIBLING = '/blog/observability-for-ai-agents';

test.use({ baseURL: coverE2e.baseURL });

/** A 2400 × 1600 photo-like picture: smooth light with grain, not a flat colour. */
async function photo(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 40;
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, 60 + Math.round((x / width) * 150) + grain);
      raw[i + 1] = Math.min(255, 80 + Math.round((y / height) * 100) + grain);
      raw[i + 2] = Math.min(255, 140 + grain);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

interface Drawn {
  /** CSS pixels the box is drawn at. */
  boxWidth: number;
  /** The width of the file the browser chose (from its name, <key>/<width>.<ext>). */
  fileWidth: number;
  /** The widths the picture offers for that format. */
  offered: number[];
  loading: string;
  complete: boolean;
}

/** What the browser made of a cover <img>: the box, the file it took and what was offered. */
async function drawn(img: Locator): Promise<Drawn> {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete)).toBe(true);
  return img.evaluate((element: HTMLImageElement) => {
    const current = element.currentSrc;
    const ext = current.split('.').pop() ?? '';
    const source = Array.from(element.parentElement?.querySelectorAll('source') ?? []).find(
      (candidate) => candidate.srcset.includes(`.${ext} `),
    );
    const srcset = source?.srcset ?? element.srcset;
    const offered = srcset
      .split(',')
      .map((part) => Number(/ (\d+)w$/.exec(part.trim())?.[1]))
      .filter((width) => width > 0);
    return {
      boxWidth: element.getBoundingClientRect().width,
      fileWidth: Number(/\/(\d+)\.[a-z]+$/.exec(current)?.[1]),
      offered,
      loading: element.loading,
      complete: element.complete && element.naturalWidth > 0,
    };
  });
}

/**
 * The box is filled without waste: the file is at least as wide as the box in device pixels
 * (or the widest there is), and the next smaller file would not have been.
 */
function expectFitting(result: Drawn, where: string, ratio: number) {
  const needed = result.boxWidth * ratio;
  const enough = result.offered.filter((width) => width >= needed);
  const best = enough.length > 0 ? Math.min(...enough) : Math.max(...result.offered);
  expect(result.complete, where).toBe(true);
  expect({ where, file: result.fileWidth }).toEqual({ where, file: best });
}

async function cover(scope: Locator): Promise<Locator> {
  const img = scope.locator(`picture img[alt="${alt}"]`);
  await expect(img).toHaveCount(1);
  await expect(scope.locator(`picture:has(img[alt="${alt}"]) source`)).toHaveCount(2);
  return img;
}

test('a cover set in the editor is drawn on the post, its card, the home page and related posts', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(25 * 60_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const photoFile = testInfo.outputPath('whiteboard.jpg');
  fs.writeFileSync(photoFile, await photo());

  await loginAsAdmin(page);
  await openNewDraft(page);
  await fillDraft(page, {
    title,
    description: 'How an agent loop looks when we draw it for a client.',
    category: 'Engineering',
    body: 'Every project starts with the loop on a whiteboard.\n\nThen we write the tools.\n',
  });
  await expect(page).toHaveURL(/\/admin\/drafts\/\d+$/);

  // The cover: chosen, then its description is required before publishing.
  await page.getByTestId('cover-picture-input').setInputFiles(photoFile);
  await expect(page.getByRole('button', { name: 'Change cover' })).toBeVisible();
  const before = page.getByRole('status').filter({ hasText: 'Before publishing' });
  await expect(before).toContainText('Cover description');
  await page.getByRole('textbox', { name: 'Cover description' }).fill(alt);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(before).toHaveCount(0);
  await shootWidths(page, (width) => `${SHOTS}/editor-cover-${width}.png`);

  const progress = await confirmPublish(page, 'Publish');
  await expectLive(progress);

  // Phones, a tablet (two or three columns), and a wide screen. Each page in a browser of its
  // own: Chromium takes a larger file it already holds over the one a srcset would choose.
  const places = [
    { name: 'post', path: `/blog/${slug}`, scope: 'article', eager: true },
    // Its card on /blog: the first, as the newest post.
    { name: 'blog', path: '/blog', scope: 'main', eager: false },
    // The home page's latest posts.
    { name: 'home', path: '/', scope: 'main', eager: false },
    // Another post of the category lists it first among its related posts.
    { name: 'related', path: SIBLING, scope: 'aside', eager: false },
  ];
  for (const width of [375, 800, 1280]) {
    for (const place of places) {
      const context = await browser.newContext({
        baseURL: coverE2e.baseURL,
        viewport: { width, height: 800 },
      });
      const tab = await context.newPage();
      await tab.goto(place.path);
      const img = await cover(tab.locator(place.scope));
      if (place.eager) {
        // The post: above the body, the first screen's largest thing, loaded at once.
        await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(img).toHaveAttribute('fetchpriority', 'high');
        await expect(img).toHaveAttribute('width', '1600');
        await expect(img).toHaveAttribute('height', '1067');
      }
      const result = await drawn(img);
      expect(result.loading).toBe(place.eager ? 'eager' : 'lazy');
      expectFitting(result, `${place.name} at ${width}`, 1);
      if (width !== 800) {
        await tab.screenshot({ path: `${SHOTS}/${place.name}-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  }
});
