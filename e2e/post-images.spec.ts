import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { editorE2e } from '../playwright.config';
import {
  expectLive,
  confirmPublish,
  fillDraft,
  loginAsAdmin,
  openNewDraft,
  shootWidths,
} from './support';

/**
 * Pictures through the editor in Chromium: a photo chosen with the file chooser is uploaded, the
 * editor asks for its description and inserts it, the preview draws it as a <picture> with its
 * size, a hostile file is refused with a sentence, and after publishing (the real rebuild) the
 * post's page serves the picture as <picture> with AVIF/WebP sources, width and height. Runs on
 * the editor spec's own publishing server (editorE2e), so nothing reaches the shared one.
 */

const SHOTS = 'test-results/post-images';
const stamp = Date.now().toString(36);
const title = `Whiteboard Sessions ${stamp}`;
const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const alt = 'Two engineers sketching an agent loop on a whiteboard';

test.use({ baseURL: editorE2e.baseURL });

test('a picture chosen in the editor is described, previewed and published as <picture>', async ({
  page,
}, testInfo) => {
  test.setTimeout(25 * 60_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  // A 2400 × 1600 photo with camera and location data.
  const photo = await sharp({
    create: { width: 2400, height: 1600, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 1200, height: 600, channels: 3, background: { r: 240, g: 200, b: 60 } },
        })
          .png()
          .toBuffer(),
        top: 400,
        left: 600,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 0/1' },
    })
    .toBuffer();
  const photoFile = testInfo.outputPath('whiteboard.jpg');
  fs.writeFileSync(photoFile, photo);
  const svgFile = testInfo.outputPath('drawing.svg');
  fs.writeFileSync(
    svgFile,
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  const htmlFile = testInfo.outputPath('page.jpg');
  fs.writeFileSync(htmlFile, '<!doctype html><script>alert(1)</script>');

  await loginAsAdmin(page);
  await openNewDraft(page);
  await fillDraft(page, {
    title,
    description: 'What a whiteboard session looks like.',
    category: 'Engineering',
    body: 'We start every project at the whiteboard.\n',
  });
  await expect(page).toHaveURL(/\/admin\/drafts\/\d+$/);

  // Hostile files: refused with the server's sentence, nothing inserted.
  const chooser = page.getByTestId('body-picture-input');
  await chooser.setInputFiles(svgFile);
  await expect(page.getByRole('alert').filter({ hasText: 'Picture not added' })).toContainText(
    'SVG drawing',
  );
  await chooser.setInputFiles(htmlFile);
  await expect(page.getByRole('alert').filter({ hasText: 'Picture not added' })).toContainText(
    'not an image this site can use',
  );

  // The photo: uploaded, then its description asked for.
  const started = Date.now();
  await chooser.setInputFiles(photoFile);
  const dialog = page.getByRole('dialog', { name: 'Describe the picture' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Alternative text' }).fill(alt);
  await dialog.getByRole('button', { name: 'Insert picture' }).click();
  const body = page.getByRole('textbox', { name: 'Body (markdown)' });
  await expect(body).toHaveValue(new RegExp(`!\\[${alt}\\]\\(media/[0-9a-f]{24}\\.jpg\\)`));

  const preview = page.getByRole('region', { name: 'Preview' });
  const shown = preview.locator('picture img');
  await expect(shown).toHaveAttribute('alt', alt);
  await expect(shown).toHaveAttribute('width', '2400');
  await expect(shown).toHaveAttribute('height', '1600');
  // Loaded (naturalWidth is in CSS pixels of the chosen srcset candidate, so only > 0 is said).
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  testInfo.annotations.push({
    type: 'upload-to-preview',
    description: `${Date.now() - started} ms`,
  });
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await shootWidths(page, (width) => `${SHOTS}/editor-with-picture-${width}.png`);

  // An empty description is listed before publishing.
  const text = await body.inputValue();
  await body.fill(text.replace(`![${alt}]`, '![]'));
  await expect(page.getByRole('status').filter({ hasText: 'Before publishing' })).toContainText(
    'has no alternative text',
  );
  await body.fill(text);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Before publishing' })).toHaveCount(0);

  const progress = await confirmPublish(page, 'Publish');
  await expectLive(progress);

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const picture = page
    .locator('article picture')
    .filter({ has: page.locator(`img[alt="${alt}"]`) });
  await expect(picture.locator('source[type="image/avif"]')).toHaveCount(1);
  await expect(picture.locator('source[type="image/webp"]')).toHaveCount(1);
  const img = picture.locator('img');
  await expect(img).toHaveAttribute('width', '1600');
  await expect(img).toHaveAttribute('height', '1067');
  await expect(img).toHaveAttribute('srcset', /\/static\/post-images\/[0-9a-f]{32}\/320\.jpg 320w/);
  // The post's first screen: its one picture is the largest thing there.
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  await expect
    .poll(() =>
      img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  const served = await page.request.get((await img.getAttribute('src')) ?? '');
  expect(served.status()).toBe(200);
  expect((await served.body()).includes(Buffer.from('SecretCam'))).toBe(false);
  await shootWidths(page, (width) => `${SHOTS}/published-post-${width}.png`);
});
