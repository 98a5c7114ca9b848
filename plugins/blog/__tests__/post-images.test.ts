import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CACHE_DIR, pictureWork, publishPostPictures, resolvePostPictures } from '../post-images';

jest.setTimeout(120_000);

/**
 * A post's own pictures are made by the image service once and kept in .post-images/ by the
 * hash of their bytes; every build links the files its posts use into public/.
 */
describe('post pictures at build time', () => {
  let site: string;
  let postFile: string;
  beforeAll(async () => {
    site = fs.mkdtempSync(path.join(os.tmpdir(), 'post-images-'));
    fs.mkdirSync(path.join(site, 'content/blog'), { recursive: true });
    fs.mkdirSync(path.join(site, 'content/blog-media/covers'), { recursive: true });
    postFile = path.join(site, 'content/blog/covers.md');
    fs.writeFileSync(postFile, '---\n---\n');
    const photo = await sharp({
      create: { width: 1000, height: 500, channels: 3, background: '#3366aa' },
    })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(path.join(site, 'content/blog-media/covers/abc123.jpg'), photo);
  });
  afterAll(() => fs.rmSync(site, { recursive: true, force: true }));

  it('makes AVIF, WebP and JPEG widths once, and links them into public/', async () => {
    const body = 'Intro\n\n![A blue field](media/abc123.jpg)\n';
    const before = { ...pictureWork };
    const first = await resolvePostPictures(site, postFile, 'covers', body, 'media/abc123.jpg');
    const picture = first.options.pictures['media/abc123.jpg'];
    expect(picture).toMatchObject({ width: 1000, height: 500 });
    expect(picture?.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(picture?.srcset).toMatch(/^\/static\/post-images\/[0-9a-f]{32}\/320\.jpg 320w, /);
    expect(first.cover).toEqual(picture);
    expect(first.options.eagerFirst).toBe(false);
    expect(first.keys).toHaveLength(1);
    const key = first.keys[0] as string;
    const made = fs.statSync(path.join(site, CACHE_DIR, key, 'picture.json')).mtimeMs;

    // A later build finds it in the cache instead of making it again.
    const second = await resolvePostPictures(site, postFile, 'covers', body, null);
    expect(second.keys).toEqual([key]);
    expect(fs.statSync(path.join(site, CACHE_DIR, key, 'picture.json')).mtimeMs).toBe(made);
    // Counted as such: encoded once (for the body), then found twice (the cover, the body again).
    expect(pictureWork.made - before.made).toBe(1);
    expect(pictureWork.kept - before.kept).toBe(2);

    await publishPostPictures(site, second.keys);
    const published = fs.readdirSync(path.join(site, 'public/static/post-images', key)).sort();
    expect(published).toContain('1000.avif');
    expect(published).toContain('320.webp');
    expect(published).toContain('1000.jpg');
  });

  it('stops on a missing own picture and warns on an address that cannot be fetched', async () => {
    await expect(
      resolvePostPictures(site, postFile, 'covers', '![x](media/none.jpg)', null),
    ).rejects.toThrow('the picture media/none.jpg is not in content/blog-media/covers/');
    const web = await resolvePostPictures(
      site,
      postFile,
      'covers',
      '![chart](http://127.0.0.1/chart.png)',
      null,
    );
    expect(web.unresolved).toEqual(['http://127.0.0.1/chart.png']);
    expect(web.warnings[0]).toMatch(/could not be used .*link with its alt text/);
  });
});
