import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import type { Giveaway, Picture } from '@site/contracts';
import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { validForm } from './giveaways/fixtures';

jest.setTimeout(60_000);

/**
 * The hostile-files corpus (server/test/fixtures/hostile-files, written by make.mjs there) sent
 * through both ways a picture comes in: an upload to POST /api/v1/images, and a prize picture's
 * address that the server fetches when a giveaway is saved. Each file is refused with a 4xx and a
 * sentence in {detail}, or stored made harmless (a fresh encoding of its pixels alone).
 */

const CORPUS = path.join(__dirname, '../../fixtures/hostile-files');
const read = (name: string) => fs.readFileSync(path.join(CORPUS, name));

const NOT_AN_IMAGE =
  'The file is not an image this site can use; please give a JPEG, PNG, WebP, GIF or AVIF picture.';

/** Files refused, with the sentence the person sees. */
const REFUSED: Array<[file: string, detail: string]> = [
  [
    'bomb-50000x50000.png',
    'The image is 50000 × 50000 pixels; the most taken is 40,000,000 pixels in all.',
  ],
  [
    'script.svg',
    'The file is an SVG drawing, which this site does not take; please give a JPEG, PNG, WebP, GIF or AVIF picture.',
  ],
  ['truncated.jpg', 'The image could not be read: the file is damaged or incomplete.'],
  ['html-named.jpg', NOT_AN_IMAGE],
];

let t: TestApp;
let admin: string;
let origin: string;
let local: http.Server;

beforeAll(async () => {
  // Serves the corpus as a web server would, each file declared a JPEG whatever it holds.
  local = http.createServer((request, response) => {
    const name = path.basename(request.url ?? '/');
    const file = path.join(CORPUS, name);
    if (!fs.existsSync(file) || name.endsWith('.mjs')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  t = await buildTestApp({ RATE_LIMITS: 'off', IMAGE_FETCH_ALLOW_LOOPBACK: 'on' });
  admin = (await userWithToken(t.app, 'admin')).authorization;
});

afterAll(async () => {
  local.closeAllConnections();
  await new Promise((resolve) => local.close(resolve));
  await t.close();
});

function upload(name: string, type: string) {
  const boundary = '----hostile-boundary-3f9';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    read(name),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const saveGiveawayWithPrize = (file: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/giveaway',
    headers: { authorization: admin },
    payload: { ...validForm(), prize_image: `${origin}/${file}` },
  });

/** Every stored file of a picture (each width in each format), as served. */
async function storedFiles(picture: Picture): Promise<Array<{ address: string; bytes: Buffer }>> {
  const addresses = [picture.src, ...picture.srcset.split(', ')].concat(
    ...picture.sources.map((source) => source.srcset.split(', ')),
  );
  const unique = [...new Set(addresses.map((entry) => entry.split(' ')[0] as string))];
  return Promise.all(
    unique.map(async (address) => {
      const res = await t.app.inject({ method: 'GET', url: address });
      expect(res.statusCode).toBe(200);
      return { address, bytes: res.rawPayload };
    }),
  );
}

/** What makes a stored picture harmless: an image of pixels alone, no markup, no metadata. */
async function expectHarmless(picture: Picture, secrets: string[]) {
  const files = await storedFiles(picture);
  expect(files.length).toBeGreaterThanOrEqual(6);
  for (const { address, bytes } of files) {
    const metadata = await sharp(bytes).metadata();
    expect([address, metadata.format]).toEqual([
      address,
      address.endsWith('.jpg') ? 'jpeg' : address.endsWith('.webp') ? 'webp' : 'heif',
    ]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    for (const secret of secrets) expect(bytes.includes(Buffer.from(secret))).toBe(false);
  }
}

describe('the hostile-files corpus through POST /api/v1/images', () => {
  test.each(REFUSED)('%s is refused with a 400 and a sentence', async (file, detail) => {
    const started = performance.now();
    const res = await upload(file, file.endsWith('.svg') ? 'image/svg+xml' : 'image/jpeg');
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    // Refused from its header, before any pixel is decoded.
    if (file.startsWith('bomb')) expect(elapsed).toBeLessThan(1000);
  });

  test('the JPEG/HTML polyglot is stored as a picture with none of its markup', async () => {
    expect(read('polyglot-jpeg-html.jpg').includes(Buffer.from('<script>'))).toBe(true);
    const res = await upload('polyglot-jpeg-html.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const picture = res.json<Picture>();
    expect(picture).toMatchObject({ width: 640, height: 400 });
    await expectHarmless(picture, ['<script', '<html', 'alert(']);
    // Served as what it is, never as something a browser would sniff as a page.
    const served = await t.app.inject({ method: 'GET', url: picture.src });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  test('the photo with GPS data is stored with its location and camera gone', async () => {
    const before = await sharp(read('gps-exif.jpg')).metadata();
    expect(before.exif?.includes(Buffer.from('SecretCam'))).toBe(true);
    const res = await upload('gps-exif.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    await expectHarmless(res.json<Picture>(), ['SecretCam', 'Someone Private', 'GPS']);
  });
});

describe('the hostile-files corpus as a prize picture’s address', () => {
  test.each(REFUSED)(
    '%s: the giveaway is not saved, and the 400 says why',
    async (file, detail) => {
      const started = performance.now();
      const res = await saveGiveawayWithPrize(file);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail });
      if (file.startsWith('bomb')) expect(performance.now() - started).toBeLessThan(1000);
    },
  );

  test.each([
    ['polyglot-jpeg-html.jpg', ['<script', '<html', 'alert(']],
    ['gps-exif.jpg', ['SecretCam', 'Someone Private', 'GPS']],
  ])('%s: saved with a harmless stored picture', async (file, secrets) => {
    const res = await saveGiveawayWithPrize(file);
    expect(res.statusCode).toBe(201);
    const picture = res.json<Giveaway>().prize_picture;
    expect(picture).toMatchObject({ width: 640, height: 400 });
    await expectHarmless(picture as Picture, secrets);
  });
});
