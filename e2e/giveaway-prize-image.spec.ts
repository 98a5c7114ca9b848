import net from 'node:net';
import { type Browser, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin, shootWidths } from './support';

/**
 * The prize picture is the site's own: the form uploads a file or has the server fetch an
 * address once; a refused file and an address that cannot be reached are explained under the
 * field with everything typed kept; the page then serves <picture> from /media/ in modern
 * formats, small enough for a phone. Screenshots at 375 and 1280 px go to $SHOTS_DIR (default
 * test-results/giveaway-prize-image).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const shots = process.env.SHOTS_DIR ?? 'test-results/giveaway-prize-image';
const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8123)}`;
const loaded = { timeout: 20_000 };

async function adminForm(browser: Browser, title: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAsAdmin(page);
  await page.goto('/giveaway/admin');
  await page.getByRole('button', { name: 'Create Giveaway' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Title/).fill(title);
  await dialog.getByLabel(/Description/).fill('Win a custom agent: enter with your e-mail.');
  await dialog.getByLabel(/^Prize\*?$/).fill('A custom agent');
  return page;
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function idOf(page: Page, title: string): Promise<number> {
  const res = await page.request.get('/api/v1/giveaway');
  const list = (await res.json()) as { id: number; title: string }[];
  const found = list.find((g) => g.title === title);
  expect(found).toBeDefined();
  return (found as { id: number }).id;
}

test('a refused file and an unreachable address are explained in the form; what was typed stays', async ({
  browser,
}) => {
  const title = `Refused picture ${stamp}`;
  const page = await adminForm(browser, title);
  const dialog = page.getByRole('dialog');

  await dialog.getByLabel('Or upload a picture').setInputFiles({
    name: 'prize.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<!doctype html><title>not a picture</title><script>alert(1)</script>'),
  });
  await expect(
    dialog.getByText(
      'The file is not an image this site can use; please give a JPEG, PNG, WebP, GIF or AVIF picture.',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'The prize picture' })).toHaveCount(0);

  const gone = `http://127.0.0.1:${await closedPort()}/prize.jpg`;
  const url = dialog.getByLabel(/Prize Image URL/);
  await url.fill(gone);
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(
    dialog.getByText(`The image at ${gone} could not be fetched: the server could not be reached.`),
  ).toBeVisible(loaded);
  await expect(url).toHaveValue(gone);
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel(/Title/)).toHaveValue(title);
  await shootWidths(
    page,
    (w) => `${shots}/refused-${w}.png`,
    async () => {
      await url.scrollIntoViewIfNeeded();
    },
  );
  // Nothing was saved.
  const list = (await (await page.request.get('/api/v1/giveaway')).json()) as { title: string }[];
  expect(list.some((g) => g.title === title)).toBe(false);
});

test('an uploaded photo becomes the prize picture, its GPS data gone', async ({ browser }) => {
  const title = `Uploaded picture ${stamp}`;
  const page = await adminForm(browser, title);
  const dialog = page.getByRole('dialog');
  const photo = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 2/1 3/1' },
    })
    .toBuffer();
  await dialog
    .getByLabel('Or upload a picture')
    .setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
  const preview = dialog.getByRole('img', { name: 'The prize picture' });
  await expect(preview).toBeVisible(loaded);
  await expect(preview).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\/1600\.jpg$/);
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(page.getByText('Giveaway created successfully')).toBeVisible(loaded);

  const id = await idOf(page, title);
  await page.goto(`/giveaway/${id}`);
  const img = page.getByRole('img', { name: 'Prize: A custom agent' });
  await expect(img).toBeVisible(loaded);
  const src = await img.evaluate((el) => (el as HTMLImageElement).currentSrc);
  expect(new URL(src).pathname).toMatch(/^\/media\/[0-9a-f]{32}\/\d+\.(avif|webp|jpg)$/);
  const file = await page.request.get(src);
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const bytes = await file.body();
  expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
  expect((await sharp(bytes).metadata()).exif).toBeUndefined();
});

test('an address is fetched once; at 412 px the prize picture is a modern format of at most 40 KB', async ({
  browser,
}) => {
  const title = `Fetched picture ${stamp}`;
  const page = await adminForm(browser, title);
  const dialog = page.getByRole('dialog');
  // The site's own 394 KB PNG, as a prize image copied from elsewhere would be.
  await dialog.getByLabel(/Prize Image URL/).fill(`${baseURL}/og-image.png`);
  await dialog.getByRole('button', { name: 'Create Giveaway' }).click();
  await expect(page.getByText('Giveaway created successfully')).toBeVisible(loaded);
  const id = await idOf(page, title);

  const phone = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  const visitor = await phone.newPage();
  const media: { url: string; bytes: Promise<number>; type: string }[] = [];
  visitor.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/media/')) {
      media.push({
        url: response.url(),
        type: response.headers()['content-type'] ?? '',
        bytes: response
          .request()
          .sizes()
          .then((s) => s.responseBodySize + s.responseHeadersSize),
      });
    }
  });
  await visitor.goto(`/giveaway/${id}`);
  const img = visitor.getByRole('img', { name: 'Prize: A custom agent' });
  await expect(img).toBeVisible(loaded);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete)).toBe(true);
  // Width and height are in the markup, and a placeholder is drawn until the picture arrives.
  await expect(img).toHaveAttribute('width', '1200');
  await expect(img).toHaveAttribute('height', '630');
  expect(await img.getAttribute('style')).toContain('data:image/webp;base64,');
  const sources = visitor.locator('picture source');
  await expect(sources.first()).toHaveAttribute('type', 'image/avif');
  expect(media).toHaveLength(1);
  const [prize] = media;
  expect(prize?.type).toBe('image/avif');
  expect(await prize?.bytes).toBeLessThanOrEqual(40 * 1024);
  await shootWidths(visitor, (w) => `${shots}/page-${w}.png`);
  await phone.close();
});
