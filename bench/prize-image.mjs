// Bytes transferred for the prize image at 412 px: a giveaway whose prize picture was given as the
// site's own /og-image.png (394 KB PNG, fetched once by the server and stored in widths and
// formats) is opened on /giveaway and /giveaway/{id} in Chromium at 412×823 (and the device pixel
// ratios below, 1.75 being Lighthouse's mobile), empty cache. For each page it prints the image
// requests, their type and bytes transferred (headers + body), against the 40 KB target; it also
// prints the source file's own size for comparison. Exit status 1 when a page is over the target.
//
//   npm run bench:prize-image                (-- --port 9300 --ratios 1,1.75,2.625)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { arg, chromiumFlags, chromiumPath, root, serveBuiltCopy } from './lib.mjs';

const port = arg('port', 9300);
const ratios = String(arg('ratios', '1,1.75,2.625')).split(',').map(Number);
const TARGET = 40 * 1024;
const base = `http://127.0.0.1:${port}`;
const admin = { username: 'bench-admin', password: 'bench-password-123' };

const served = await serveBuiltCopy(path.join(root), port, {
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  RATE_LIMITS: 'off',
  // The prize image is this server's own file on loopback: test-only allowance.
  IMAGE_FETCH_ALLOW_LOOPBACK: 'on',
});
let browser;
let over = false;
try {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    body: new URLSearchParams(admin),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const { access_token: token } = await login.json();
  const created = await fetch(`${base}/api/v1/giveaway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: 'Prize image benchmark',
      description: 'Win a custom AI agent for your business.',
      prize: 'A custom AI agent',
      prize_image: `${base}/og-image.png`,
      start_date: new Date().toISOString().slice(0, 10),
    }),
  });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id } = await created.json();
  const source = fs.statSync(path.join(root, 'static/og-image.png')).size;
  console.log(`source /og-image.png: ${(source / 1024).toFixed(1)} KB`);

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  for (const ratio of ratios) {
    for (const page of ['/giveaway', `/giveaway/${id}`]) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: ratio,
        isMobile: true,
      });
      const tab = await context.newPage();
      const images = [];
      tab.on('requestfinished', (request) => {
        if (request.resourceType() !== 'image') return;
        images.push(
          Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
            url: new URL(request.url()).pathname,
            type: response?.headers()['content-type'] ?? '?',
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          })),
        );
      });
      await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
      const prize = tab.getByRole('img', { name: /^Prize: / }).first();
      await prize.waitFor();
      await tab.waitForFunction((el) => el.complete, await prize.elementHandle());
      const rows = (await Promise.all(images)).filter((r) => r.url.startsWith('/media/'));
      const total = rows.reduce((sum, r) => sum + r.bytes, 0);
      const verdict = total <= TARGET ? 'ok' : 'OVER';
      if (total > TARGET) over = true;
      console.log(
        `412 px @${ratio}x ${page}: ${(total / 1024).toFixed(1)} KB (${verdict}, target 40 KB)` +
          rows.map((r) => `\n  ${r.url} ${r.type} ${(r.bytes / 1024).toFixed(1)} KB`).join(''),
      );
      await context.close();
    }
  }
} finally {
  await browser?.close();
  await served.stop();
}
process.exit(over ? 1 : 0);
