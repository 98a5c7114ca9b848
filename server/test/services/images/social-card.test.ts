import crypto from 'node:crypto';
import sharp from 'sharp';
import { SOCIAL_CARD_VERSION } from '@site/contracts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  DEFAULT_FONT_DIR,
  drawableText,
  drawSocialCard,
  drawText,
  markupText,
  socialCardAlt,
  socialCardKey,
} from '@site/pipeline/image-service';

jest.setTimeout(60_000);

/** The cards' version and the digests of the two cards the pinning test draws with it. */
const PINNED = { version: 'card-v2', drawn: ['bcedcfe9149a587d', 'f50d007768ab7256'] };

const pixels = async (image: Buffer) =>
  sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });

/** The mean difference per channel between two images of the same size (0 to 255). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([pixels(a), pixels(b)]);
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs((x.data[i] ?? 0) - (y.data[i] ?? 0));
  return sum / x.data.length;
}

describe('the text a card draws', () => {
  test('markup characters are escaped for Pango', () => {
    expect(markupText(`<b>Tom & "Jerry"'s</b>`)).toBe(
      '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&#39;s&lt;/b&gt;',
    );
  });

  test('emoji and control characters are left out, spaces collapsed, long text cut at a word', () => {
    expect(drawableText('Launch 🚀 day 👩‍💻 ✔️ now\u0007')).toBe('Launch day now');
    const long = drawableText('word '.repeat(60), 30);
    expect(Array.from(long).length).toBeLessThanOrEqual(30);
    expect(long.endsWith('word…')).toBe(true);
  });

  test('is drawn with the font the repository carries, not a fallback', async () => {
    const ours = await drawText('Agents that ship', {
      fontDir: DEFAULT_FONT_DIR,
      bold: true,
      size: 60,
      width: 1000,
    });
    // What Pango draws when it does not have the font file: the system's sans-serif.
    const fallback = await sharp({
      text: {
        text: '<span foreground="#ffffff">Agents that ship</span>',
        font: 'sans-serif Bold 60',
        width: 1000,
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    expect(ours).not.toBeNull();
    const size = ours && [ours.width, ours.height];
    expect(size).not.toEqual([fallback.info.width, fallback.info.height]);
  });

  test('markup in a title is drawn as the characters typed', async () => {
    const options = { fontDir: DEFAULT_FONT_DIR, bold: true, size: 40, width: 1100 };
    const plain = await drawText('x', options);
    const tagged = await drawText('<b>x</b> & "y"', options);
    // Had the tags been read as markup, the result would be a bold "x" of the same width.
    expect((tagged?.width ?? 0) - (plain?.width ?? 0)).toBeGreaterThan(150);
  });
});

describe('drawSocialCard', () => {
  test('a 1200 × 630 JPEG, for a title with markup characters and emoji', async () => {
    const card = await drawSocialCard({
      title: `<script>alert("x")</script> & Tom's 🚀 launch`,
      label: 'Engineering',
    });
    const metadata = await sharp(card).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual([
      'jpeg',
      CARD_WIDTH,
      CARD_HEIGHT,
    ]);
    // The title is drawn: the card differs from one with another title.
    const other = await drawSocialCard({ title: 'Something else', label: 'Engineering' });
    expect(await difference(card, other)).toBeGreaterThan(1);
  });

  test('a picture fills the right part; an unreadable one leaves a card without it', async () => {
    const orange = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#f59e0b' },
    })
      .png()
      .toBuffer();
    const withPicture = await drawSocialCard({ title: 'Prize', picture: orange });
    const { data, info } = await pixels(withPicture);
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    const [r, g, b] = at(1100, 315);
    expect(r).toBeGreaterThan(220);
    expect(g).toBeGreaterThan(130);
    expect(b).toBeLessThan(60);
    const broken = await drawSocialCard({ title: 'Prize', picture: Buffer.from('not a picture') });
    expect((await sharp(broken).metadata()).width).toBe(CARD_WIDTH);
    expect(await difference(broken, await drawSocialCard({ title: 'Prize' }))).toBe(0);
  });

  test('the key names what is drawn: same input, same key; any change, another key', () => {
    const base = { title: 'A', label: 'B', detail: 'C', pictureId: '/media/abc/640.jpg' };
    const key = socialCardKey(base);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(socialCardKey({ ...base })).toBe(key);
    for (const change of [
      { title: 'A2' },
      { label: null },
      { detail: 'C2' },
      { pictureId: '/media/abd/640.jpg' },
      { pictureId: null },
      // Fields do not run into each other.
      { title: 'AB', label: '' },
    ]) {
      expect(socialCardKey({ ...base, ...change })).not.toBe(key);
    }
  });

  test("the drawing is pinned to the cards' version: drawn otherwise, it must carry another", async () => {
    // Cards are served for good under an address made of what they show and the version, so a
    // change to how they look (layout, colours, font files, the mark, the encoder) must come with
    // a new SOCIAL_CARD_VERSION, which gives every card a new address. When this fails after a
    // deliberate change: raise the version and record the new digest beside it.
    const picture = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#0e7490' },
    })
      .png()
      .toBuffer();
    const digest = async (bytes: Buffer) =>
      crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const drawn = [
      await digest(await drawSocialCard({ title: 'Agents that ship', label: 'Engineering' })),
      await digest(
        await drawSocialCard({ title: 'Win a keyboard', detail: 'Closes 1 May', picture }),
      ),
    ];
    expect({ version: SOCIAL_CARD_VERSION, drawn }).toEqual(PINNED);
  });

  test('its alt text says what it shows', () => {
    expect(
      socialCardAlt({ title: 'Win a keyboard', label: 'Giveaway', detail: 'Closes 1 May' }),
    ).toBe('Giveaway — Win a keyboard — Closes 1 May');
    expect(socialCardAlt({ title: 'About us' })).toBe('About us');
  });
});
