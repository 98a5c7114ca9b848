import zlib from 'node:zlib';
import sharp from 'sharp';
import { ImageRefused, processImage } from '@site/pipeline/image-service';

const limits = { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 };

/** A photo-like JPEG made by sharp, with EXIF carrying GPS coordinates and a camera name. */
async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Somebody' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

async function refusal(bytes: Buffer, within = limits): Promise<string> {
  try {
    await processImage(bytes, within);
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRefused);
    return (error as Error).message;
  }
  throw new Error('the bytes were taken');
}

/** A valid PNG whose header claims other dimensions (the chunk's checksum made to match). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({
    create: { width: 4, height: 4, channels: 3, background: '#123456' },
  })
    .png()
    .toBuffer();
  const patched = Buffer.from(png);
  // IHDR starts at byte 8: length (4), type (4), width (4), height (4), then 5 bytes, then CRC.
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(zlib.crc32(patched.subarray(12, 29)) >>> 0, 29);
  return patched;
}

describe('images taken', () => {
  test('a JPEG is stored in widths up to its own, in AVIF, WebP and JPEG, with a placeholder', async () => {
    const image = await processImage(await jpegWithGps(800, 600), limits);
    expect(image.widths).toEqual([320, 480, 640, 800]);
    expect(image).toMatchObject({ width: 800, height: 600, sourceType: 'jpeg' });
    expect(image.files).toHaveLength(12);
    for (const file of image.files) {
      const meta = await sharp(file.data).metadata();
      expect(meta.width).toBe(file.width);
      expect(meta.format).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[file.ext]);
    }
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(image.placeholder.length).toBeLessThan(1000);
  });

  test('a wide photo gets every width up to 1600, about a quarter apart', async () => {
    const wide = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#3366aa' },
    })
      .jpeg()
      .toBuffer();
    const image = await processImage(wide, limits);
    expect(image.widths).toEqual([320, 480, 640, 800, 1000, 1280, 1600]);
    expect(image).toMatchObject({ width: 1600, height: 800 });
    const avif = image.files.filter((file) => file.ext === 'avif');
    for (const [i, file] of avif.entries()) {
      expect((await sharp(file.data).metadata()).width).toBe(image.widths[i]);
    }
  });

  test('EXIF (GPS, camera) is stripped from every stored file', async () => {
    const source = await jpegWithGps();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    expect(source.includes(Buffer.from('SecretCam'))).toBe(true);
    const image = await processImage(source, limits);
    for (const file of image.files) {
      const meta = await sharp(file.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(file.data.includes(Buffer.from('SecretCam'))).toBe(false);
      expect(file.data.includes(Buffer.from('GPS'))).toBe(false);
    }
  });

  test('an EXIF orientation is applied, so the stored picture stands upright', async () => {
    const sideways = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#00ff00' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await processImage(sideways, limits);
    expect(image).toMatchObject({ width: 200, height: 400 });
  });
});

describe('inputs refused', () => {
  test('bytes that are not an image', async () => {
    expect(await refusal(Buffer.from('just some text, no picture here'))).toMatch(
      /not an image this site can use/,
    );
  });

  test('an HTML page named .jpg (names are never read: only the bytes)', async () => {
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    expect(await refusal(html)).toMatch(/not an image this site can use/);
  });

  test('an SVG drawing, which can carry script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(svg)).toBe(
      'The file is an SVG drawing, which this site does not take; please give a JPEG, PNG, WebP, GIF or AVIF picture.',
    );
  });

  test('a PNG claiming 50,000 × 50,000 pixels is refused from its header', async () => {
    expect(await refusal(await pngClaiming(50_000, 50_000))).toBe(
      'The image is 50000 × 50000 pixels; the most taken is 40,000,000 pixels in all.',
    );
  });

  test('a picture over the pixel limit', async () => {
    const big = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#aaaaaa' },
    })
      .png()
      .toBuffer();
    expect(await refusal(big, { ...limits, maxPixels: 50_000 })).toBe(
      'The image is 300 × 300 pixels; the most taken is 50,000 pixels in all.',
    );
  });

  test('a file over the size limit', async () => {
    const photo = await jpegWithGps();
    expect(await refusal(photo, { ...limits, maxBytes: 100 })).toMatch(/the largest taken is/);
  });

  test('a truncated JPEG', async () => {
    const photo = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await refusal(photo.subarray(0, Math.floor(photo.length / 2)))).toBe(
      'The image could not be read: the file is damaged or incomplete.',
    );
  });

  test('an empty file', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe('The file is empty.');
  });
});
