import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { Giveaway, Picture } from '@site/contracts';
import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { movePrizePictures, MOVE_ATTEMPTS } from '../../../src/services/images/move-prize-pictures';
import { validForm } from './giveaways/fixtures';

jest.setTimeout(60_000);

/**
 * Uploads, fetches and serving of stored pictures. Nothing here reaches the internet: fetches go
 * to a server on 127.0.0.1, which the app reaches only because these tests turn on the test-only
 * IMAGE_FETCH_ALLOW_LOOPBACK.
 */

let photo: Buffer;
let t: TestApp;
let admin: string;
let editor: string;
let origin: string;
let closedPort: number;
let local: http.Server;

beforeAll(async () => {
  photo = await sharp({
    create: { width: 900, height: 500, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 2/1 3/1' },
    })
    .toBuffer();
  local = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/prize.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    } else if (url === '/page.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end('<!doctype html><p>hi</p>');
    } else if (url === '/moved') {
      response.writeHead(302, { location: '/prize.jpg' }).end();
    } else if (url === '/to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    } else if (url === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else if (url === '/huge') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(Buffer.alloc(2 * 1024 * 1024, 1));
    } else if (url === '/silent') {
      // Never answers: the fetch's time limit ends it.
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  const spare = http.createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise((resolve) => spare.close(resolve));

  t = await buildTestApp({
    RATE_LIMITS: 'off',
    IMAGE_FETCH_ALLOW_LOOPBACK: 'on',
    IMAGE_MAX_MB: '1',
    IMAGE_FETCH_TIMEOUT_SECONDS: '1',
  });
  admin = (await userWithToken(t.app, 'admin')).authorization;
  editor = (await userWithToken(t.app, 'editor')).authorization;
});

afterAll(async () => {
  local.closeAllConnections();
  await new Promise((resolve) => local.close(resolve));
  await t.close();
});

function multipart(name: string, type: string, bytes: Buffer) {
  const boundary = '----test-boundary-7d1';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (name: string, type: string, bytes: Buffer, authorization = admin) => {
  const { body, contentType } = multipart(name, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { authorization, 'content-type': contentType },
    payload: body,
  });
};

const createWith = (fields: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/giveaway',
    headers: { authorization: admin },
    payload: { ...validForm(), ...fields },
  });

describe('POST /images', () => {
  test('an admin uploads a photo: stored in widths and formats, served immutable, EXIF gone', async () => {
    const res = await upload('holiday.jpg', 'image/jpeg', photo);
    expect(res.statusCode).toBe(201);
    const picture = res.json<Picture>();
    expect(picture).toMatchObject({ width: 900, height: 500 });
    expect(picture.src).toMatch(/^\/media\/[0-9a-f]{32}\/900\.jpg$/);
    expect(picture.srcset).toContain('/320.jpg 320w');
    expect(picture.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(picture.placeholder).toMatch(/^data:image\/webp;base64,/);

    const avif = picture.sources[0]?.srcset.split(', ')[0]?.split(' ')[0] as string;
    for (const address of [picture.src, avif]) {
      const file = await t.app.inject({ method: 'GET', url: address });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['content-type']).toBe(
        address.endsWith('.avif') ? 'image/avif' : 'image/jpeg',
      );
      expect(file.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
      expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    }
    // The same bytes again are the same picture.
    expect((await upload('again.jpg', 'image/jpeg', photo)).json<Picture>().id).toBe(picture.id);
  });

  test('an HTML page named .jpg is refused by its bytes', async () => {
    const res = await upload(
      'prize.jpg',
      'image/jpeg',
      Buffer.from('<!doctype html><script>x</script>'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail:
        'The file is not an image this site can use; please give a JPEG, PNG, WebP, GIF or AVIF picture.',
    });
  });

  test('a file over the size limit is refused with 413', async () => {
    const res = await upload('big.jpg', 'image/jpeg', Buffer.alloc(1024 * 1024 + 10, 7));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The picture is larger than the 1 MB taken.' });
  });

  test('only admins upload; JSON names an address to fetch, anything else is refused', async () => {
    expect((await upload('a.jpg', 'image/jpeg', photo, editor)).statusCode).toBe(403);
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/images',
        headers: { authorization: admin },
        payload,
      });
    const fetched = await send({ url: `${origin}/prize.jpg` });
    expect(fetched.statusCode).toBe(201);
    expect(fetched.json<Picture>()).toMatchObject({ width: 900, height: 500 });
    const unreachable = await send({ url: `http://127.0.0.1:${closedPort}/x.jpg` });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().detail).toBe(
      `The image at http://127.0.0.1:${closedPort}/x.jpg could not be fetched: the server could not be reached.`,
    );
    const neither = await send({ picture: 'x' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().detail).toBe(
      'Send the picture as multipart/form-data with one file, or as JSON {"url": "https://…"}.',
    );
  });

  test('a missing media file answers 404; a malformed name is never read from disk', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/${'a'.repeat(32)}/320.jpg` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/..%2F..%2Fsite.db/320.jpg' })).statusCode,
    ).toBe(404);
  });
});

describe('a giveaway’s prize picture', () => {
  test('an uploaded picture is the prize picture', async () => {
    const picture = (await upload('p.jpg', 'image/jpeg', photo)).json<Picture>();
    const res = await createWith({ prize_image: null, prize_image_id: picture.id });
    expect(res.statusCode).toBe(201);
    expect(res.json<Giveaway>()).toMatchObject({ prize_image: null, prize_picture: picture });
  });

  test('an unknown picture id is refused', async () => {
    const res = await createWith({ prize_image_id: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'The uploaded prize picture was not found; please upload it again.',
    );
  });

  test('an address is fetched once on save, following a redirect; the address is kept as its source', async () => {
    const res = await createWith({ prize_image: `${origin}/moved` });
    expect(res.statusCode).toBe(201);
    const g = res.json<Giveaway>();
    expect(g.prize_image).toBe(`${origin}/moved`);
    expect(g.prize_picture).toMatchObject({ width: 900, height: 500 });
    // Saving again with the same address keeps the picture without fetching.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/giveaway/${g.id}`,
      headers: { authorization: admin },
      payload: { ...validForm(), prize_image: `${origin}/moved`, title: 'Renamed' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<Giveaway>().prize_picture?.id).toBe(g.prize_picture?.id);
  });

  test.each([
    [
      `http://127.0.0.1:${0}/prize.jpg`,
      'unreachable',
      /could not be fetched: the server could not be reached\.$/,
    ],
    ['/page.jpg', 'HTML named .jpg', /^The file is not an image this site can use/],
    ['/missing.jpg', 'a 404', /could not be fetched: the server answered 404\.$/],
    [
      '/to-metadata',
      'a redirect to a link-local address',
      /private or local network address, which is not allowed\.$/,
    ],
    ['/loop', 'endless redirects', /could not be fetched: it redirects too many times\.$/],
    ['/huge', 'over the size limit', /could not be fetched: it is larger than the 1 MB taken\.$/],
    ['/silent', 'no answer', /could not be fetched: no answer within 1 second\.$/],
    ['http://10.0.0.8/prize.jpg', 'a private address', /private or local network address/],
    [
      'http://[::ffff:169.254.169.254]/',
      'a mapped link-local address',
      /private or local network address/,
    ],
    ['ftp://example.com/prize.jpg', 'not http(s)', /must be a web address starting with http/],
  ])('refused with a clear message: %s (%s)', async (address, _why, message) => {
    const url = address.startsWith('/')
      ? `${origin}${address}`
      : address.replace(':0/', `:${closedPort}/`);
    const res = await createWith({ prize_image: url });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(message);
  });

  test('without the test-only allowance, loopback addresses are refused', async () => {
    const strict = await buildTestApp({ RATE_LIMITS: 'off' });
    try {
      const who = (await userWithToken(strict.app, 'admin')).authorization;
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/giveaway',
        headers: { authorization: who },
        payload: { ...validForm(), prize_image: `${origin}/prize.jpg` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(
        `The image at ${origin}/prize.jpg could not be fetched: it points to a private or local network address, which is not allowed.`,
      );
    } finally {
      await strict.close();
    }
  });
});

describe('giveaways saved with only an address', () => {
  const legacy = async (url: string) => {
    const g = (await createWith({ prize_image: null })).json<Giveaway>();
    await t.app.db
      .updateTable('giveaways')
      .set({ prize_image: url })
      .where('id', '=', g.id)
      .execute();
    return g.id;
  };
  const quiet = { warn: () => undefined };

  test('are moved over; one whose address fails stays valid, keeps its address and is tried a bounded number of times', async () => {
    const good = await legacy(`${origin}/prize.jpg`);
    const broken = await legacy(`http://127.0.0.1:${closedPort}/gone.jpg`);

    const first = await movePrizePictures(t.app.db, t.app.images, quiet);
    expect(first).toMatchObject({ moved: 1, failed: 1, left: 1 });
    const moved = await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${good}` });
    expect(moved.json<Giveaway>().prize_picture).toMatchObject({ width: 900 });

    for (let i = 1; i < MOVE_ATTEMPTS; i += 1)
      await movePrizePictures(t.app.db, t.app.images, quiet);
    const last = await movePrizePictures(t.app.db, t.app.images, quiet);
    expect(last).toEqual({ moved: 0, failed: 0, left: 0 });
    const kept = await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${broken}` });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Giveaway>()).toMatchObject({
      prize_image: `http://127.0.0.1:${closedPort}/gone.jpg`,
      prize_picture: null,
    });

    // Editing such a giveaway without changing its address is not blocked by the failing fetch.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/giveaway/${broken}`,
      headers: { authorization: admin },
      payload: {
        ...validForm(),
        prize_image: `http://127.0.0.1:${closedPort}/gone.jpg`,
        title: 'Edited',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<Giveaway>()).toMatchObject({ title: 'Edited', prize_picture: null });
  });
});
