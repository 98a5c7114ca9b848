import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Giveaway, Picture, SocialCard } from '@site/contracts';
import { buildTestApp, type TestApp, userWithToken } from '../../helpers/build';
import { validForm } from './giveaways/fixtures';

jest.setTimeout(120_000);

/**
 * A giveaway's social card: drawn by the server when the giveaway is saved (and, for one saved
 * before cards were drawn, when its page is first asked for), stored under /media/ and named in
 * the answers about the giveaway.
 */

let t: TestApp;
let admin: string;
let prize: Picture;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'off', PUBLIC_URL: 'https://giveaways.example' });
  admin = (await userWithToken(t.app, 'admin')).authorization;
  // An orange prize picture, uploaded through the image service.
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#f59e0b' },
  })
    .jpeg()
    .toBuffer();
  const boundary = '----card-boundary';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode).toBe(201);
  prize = res.json<Picture>();
});

afterAll(async () => {
  await t.close();
});

const save = (fields: object, id?: number) =>
  t.app.inject({
    method: id === undefined ? 'POST' : 'PUT',
    url: id === undefined ? '/api/v1/giveaway' : `/api/v1/giveaway/${id}`,
    headers: { authorization: admin },
    payload: { ...validForm(), ...fields },
  });

/** The card's file as served, checked to be a 1200 × 630 JPEG; its raw pixels. */
async function openCard(card: SocialCard) {
  const res = await t.app.inject({ method: 'GET', url: card.src });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const metadata = await sharp(res.rawPayload).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1200, 630]);
  return sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
}

function pixel(image: { data: Buffer; info: sharp.OutputInfo }, x: number, y: number) {
  const i = (y * image.info.width + x) * image.info.channels;
  return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
}

const cardFile = (card: SocialCard) => path.join(t.config.dataDir, card.src);

describe('a giveaway’s social card', () => {
  test('is drawn when the giveaway is saved: prize picture, title and closing date', async () => {
    const res = await save({
      title: 'Win a <b>keyboard</b> & "more" 🎹',
      prize_image_id: prize.id,
      end_date: '2031-05-01',
    });
    expect(res.statusCode).toBe(201);
    const g = res.json<Giveaway>();
    const card = g.social_card as SocialCard;
    expect(card).toEqual({
      src: expect.stringMatching(/^\/media\/[0-9a-f]{32}\/1200\.jpg$/),
      url: `https://giveaways.example${card.src}`,
      width: 1200,
      height: 630,
      alt: 'Giveaway — Win a <b>keyboard</b> & "more" 🎹 — Ends May 1, 2031',
    });
    // Stored before the answer, not on demand.
    expect(fs.existsSync(cardFile(card))).toBe(true);
    const image = await openCard(card);
    // The prize picture fills the right part.
    const [r, g2, b] = pixel(image, 1100, 315);
    expect(r).toBeGreaterThan(220);
    expect(g2).toBeGreaterThan(130);
    expect(b).toBeLessThan(60);

    // The public answer names the same card.
    const open = await t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${g.id}` });
    expect(open.json<Giveaway>().social_card).toEqual(card);
  });

  test('a changed title gives a new card; an unchanged save keeps it', async () => {
    const first = (await save({ title: 'Monthly prize' })).json<Giveaway>();
    const card = first.social_card as SocialCard;
    expect(card.alt).toMatch(/^Giveaway — Monthly prize — Ends /);
    const same = (await save({ title: 'Monthly prize' }, first.id)).json<Giveaway>();
    expect(same.social_card).toEqual(card);
    const renamed = (await save({ title: 'Monthly prize, June' }, first.id)).json<Giveaway>();
    const next = renamed.social_card as SocialCard;
    expect(next.src).not.toBe(card.src);
    expect(next.alt).toMatch(/^Giveaway — Monthly prize, June — Ends /);
    await openCard(next);
  });

  test('without a prize picture or an end date, the card has neither', async () => {
    const g = (await save({ title: 'Open-ended', end_date: null })).json<Giveaway>();
    const card = g.social_card as SocialCard;
    expect(card.alt).toBe('Giveaway — Open-ended');
    const image = await openCard(card);
    // The right part is the card's own background, not a picture.
    const [r, , b] = pixel(image, 1100, 315);
    expect(b).toBeGreaterThan(r ?? 255);
  });

  test('a giveaway saved before cards were drawn gets its card when its page is asked for', async () => {
    const g = (await save({ title: 'Saved long ago' })).json<Giveaway>();
    const card = g.social_card as SocialCard;
    fs.rmSync(path.dirname(cardFile(card)), { recursive: true });
    expect((await t.app.inject({ method: 'GET', url: card.src })).statusCode).toBe(404);

    // Asked for twice at once: both answers name it, drawn.
    const [a, b] = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'GET', url: `/api/v1/giveaway/${g.id}` })),
    );
    expect(a?.json<Giveaway>().social_card).toEqual(card);
    expect(b?.json<Giveaway>().social_card).toEqual(card);
    await openCard(card);
  });
});
