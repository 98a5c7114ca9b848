import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumLaunchOptions } from '../playwright.config';

/** Chromium's fake camera (a moving test pattern, no face) granted without a permission prompt. */
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...chromiumLaunchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

const TOOL = '/tools/drowsiness/';
const RUNNING_STATES = ['no-face', 'calibrating', 'awake', 'eyes-closed', 'sleeping', 'yawning'];

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Writes a Y4M clip (what Chromium's fake camera can play) of a real face: a 640×480 crop around
 * the first face in face-api's own demo photo sample6.jpg, the photo the unit-test landmarks came from.
 */
async function writeFaceClip(file: string): Promise<void> {
  const width = 640;
  const height = 480;
  const photo = require.resolve('@vladmandic/face-api/demo/sample6.jpg');
  const rgb = await sharp(photo)
    .extract({ left: 22, top: 425, width, height })
    .removeAlpha()
    .raw()
    .toBuffer();
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width * height) / 4);
  const v = Buffer.alloc((width * height) / 4);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let row = 0; row < height; row += 1) {
    for (let col = 0; col < width; col += 1) {
      const i = (row * width + col) * 3;
      const [r, g, b] = [rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0];
      y[row * width + col] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        u[c] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[c] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  await writeFile(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1\n`), frame, frame]),
  );
}

test.describe('Drowsiness & Yawn Alert tool', () => {
  // Face detection runs on the CPU in the page (no GPU here): about 20 s alone, and over 60 s
  // when the other worker is rebuilding the site on the same two cores.
  test.setTimeout(150_000);

  test('sees a real face through the camera and reports it awake with live eye and mouth readings', async ({
    baseURL,
  }) => {
    const clip = path.join(os.tmpdir(), `drowsiness-face-${process.pid}.y4m`);
    await writeFaceClip(clip);
    const browser = await chromium.launch({
      ...chromiumLaunchOptions,
      args: [
        ...chromiumLaunchOptions.args,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${clip}`,
      ],
    });
    try {
      const page = await browser.newPage({ baseURL });
      const errors = collectErrors(page);
      await page.goto(TOOL);
      await page.getByRole('button', { name: 'Start' }).click();
      const state = page.getByRole('status');
      await expect(state).toHaveAttribute('data-state', 'calibrating', { timeout: 120_000 });
      await expect(state).toHaveText('Awake', { timeout: 15_000 });
      const ear = Number(await page.locator('#ear-value').textContent());
      const mar = Number(await page.locator('#mar-value').textContent());
      expect(ear).toBeGreaterThan(0.25);
      expect(mar).toBeLessThan(0.6);
      const meter = page.getByRole('meter', { name: 'Eye openness (EAR)' });
      expect(await meter.evaluate((element) => (element as HTMLMeterElement).value)).toBeCloseTo(
        ear,
        1,
      );
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await rm(clip, { force: true });
    }
  });

  test('starts the fake camera, loads its models from this site and reports a state', async ({
    page,
    baseURL,
  }) => {
    const errors = collectErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));

    await page.goto(TOOL);
    const state = page.getByRole('status');
    await expect(state).toHaveText('Not started');
    await page.getByRole('button', { name: 'Start' }).click();

    await expect
      .poll(() => state.getAttribute('data-state'), { timeout: 60_000, intervals: [500] })
      .toMatch(new RegExp(`^(${RUNNING_STATES.join('|')})$`));
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(page.locator('video')).toHaveJSProperty('paused', false);
    await expect(page.getByRole('alert')).toBeHidden();

    const origin = new URL(baseURL ?? page.url()).origin;
    const models = requests.filter((url) => url.includes('/vendor/models/'));
    expect(
      models.some((url) => url.endsWith('tiny_face_detector_model-weights_manifest.json')),
    ).toBe(true);
    expect(models.some((url) => url.endsWith('face_landmark_68_tiny_model.bin'))).toBe(true);
    expect(
      requests.filter(
        (url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'),
      ),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(state).toHaveAttribute('data-state', 'stopped');
    expect(errors).toEqual([]);
  });

  test('explains a refused camera', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(TOOL);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('alert')).toContainText('Camera access was refused.', {
      timeout: 60_000,
    });
    await expect(page.getByRole('button', { name: 'Start' })).toBeEnabled();
  });

  test('explains a missing camera', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await page.goto(TOOL);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('alert')).toContainText('No camera was found.', {
      timeout: 60_000,
    });
  });

  test('explains a browser without camera support', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    });
    await page.goto(TOOL);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('alert')).toContainText('This browser cannot use the camera here.');
  });

  test('explains when the face models cannot be loaded', async ({ page }) => {
    await page.route('**/vendor/models/**', (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    );
    await page.goto(TOOL);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('alert')).toContainText('The face models could not be loaded.', {
      timeout: 60_000,
    });
    await expect(page.getByRole('status')).toHaveAttribute('data-state', 'error');
  });
});
