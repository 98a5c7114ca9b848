import sharp from 'sharp';
import {
  currentEntry,
  deriveImage,
  formatManifest,
  imageKey,
  parseManifest,
  PUBLIC_PATH,
} from '../images';

/** A 1200×750 PNG, as the gallery's images are, with a shape on it so the crop has something. */
function png(color: string, width = 1200, height = 750): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="${color}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('deriveImage', () => {
  it("makes AVIF, WebP and the source's format at 160, 320 and 640 px, 16:10, as gatsby-plugin-image data", async () => {
    const source = await png('#c00');
    const { entry, files } = await deriveImage(sharp, source, 'card');
    const stem = `card-${imageKey(source).slice(0, 10)}`;
    expect([...files.keys()].sort()).toEqual(
      ['avif', 'png', 'webp']
        .flatMap((format) => [160, 320, 640].map((width) => `${stem}-${width}.${format}`))
        .sort(),
    );
    expect(entry.files).toEqual([...files.keys()]);
    for (const [name, data] of files) {
      const meta = await sharp(data).metadata();
      const width = Number(/-(\d+)\.\w+$/.exec(name)?.[1]);
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width / 1.6);
      expect(meta.format).toBe(name.endsWith('.avif') ? 'heif' : name.split('.').pop());
    }
    const { image } = entry;
    expect(image).toMatchObject({ layout: 'constrained', width: 640, height: 400 });
    expect(image.images.sources?.map((source) => source.type)).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(image.images.fallback?.src).toBe(`${PUBLIC_PATH}${stem}-640.png`);
    expect(image.images.fallback?.srcSet).toBe(
      [160, 320, 640].map((width) => `${PUBLIC_PATH}${stem}-${width}.png ${width}w`).join(',\n'),
    );
    expect(image.images.fallback?.sizes).toBe('(min-width: 640px) 640px, 100vw');
    expect(image.placeholder?.fallback).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
  });

  it('makes no width larger than the source, and a JPEG fallback for a source that is not PNG', async () => {
    const source = await sharp(await png('#00c', 480, 300))
      .jpeg()
      .toBuffer();
    const { entry, files } = await deriveImage(sharp, source, 'small');
    expect([...files.keys()].filter((name) => name.endsWith('.jpg'))).toHaveLength(3);
    expect([...files.keys()].some((name) => /-(640|480)\.avif$/.test(name))).toBe(true);
    expect(entry.image).toMatchObject({ width: 480, height: 300 });
    expect(entry.image.images.fallback?.src).toMatch(/-480\.jpg$/);
  });
});

describe('currentEntry', () => {
  it('uses an entry only while its key matches the source and all its files are there', async () => {
    const source = await png('#0a0');
    const { entry } = await deriveImage(sharp, source, 'card');
    const manifest = { 'projects/card.png': entry };
    const all = () => true;
    expect(currentEntry(manifest, 'projects/card.png', source, all)).toBe(entry);
    // The image was replaced: its key no longer matches.
    expect(currentEntry(manifest, 'projects/card.png', await png('#00a'), all)).toBeNull();
    // A file is missing.
    expect(
      currentEntry(manifest, 'projects/card.png', source, (file) => !file.endsWith('.webp')),
    ).toBeNull();
    expect(currentEntry(manifest, 'projects/other.png', source, all)).toBeNull();
  });
});

describe('the manifest file', () => {
  it('reads a missing file as empty, refuses what is not an object, and writes entries in path order', () => {
    expect(parseManifest(null)).toEqual({});
    expect(() => parseManifest('[]')).toThrow(/not an object/);
    expect(() => parseManifest('{')).toThrow();
    const entry = {
      key: 'k',
      files: [],
      image: { layout: 'fixed', width: 1, height: 1, images: {} },
    } as const;
    const text = formatManifest({ 'projects/b.png': entry, 'projects/a.png': entry });
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['projects/a.png', 'projects/b.png']);
    expect(text.endsWith('}\n')).toBe(true);
  });
});
