import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  collectImages,
  isWebImage,
  ownMediaFile,
  type PictureOptions,
  type PostPicture,
} from '@site/pipeline';
import { ENCODING_VERSION, fetchImage, FORMATS, processImage } from '@site/pipeline/image-service';

/**
 * Every picture in a markdown post goes through the site's one image service at build time: the
 * post's own files (content/blog-media/<slug>/, named `media/<file>` in the body and the cover)
 * and, for older posts, addresses on the web, fetched once. `processImage` checks the bytes and
 * makes AVIF, WebP and JPEG at the widths the page's srcset offers, with a tiny placeholder.
 *
 * Work is kept between builds in CACHE_DIR (beside .cache/, which `gatsby clean` empties, and out
 * of git): one folder per picture named by a digest of its bytes and the encoding, and for an
 * address the digest it gave. A picture is therefore made once, whatever the number of builds,
 * and a post that did not change costs a file check. Each build links the files its posts use
 * into public/static/post-images/<key>/ (names that change with the content, which browsers keep).
 */

export const CACHE_DIR = '.post-images';
export const PUBLIC_PATH = '/static/post-images';
const PUBLIC_DIR = 'public/static/post-images';
/** What a post's own picture or a fetched one may be (the editor's uploads are far smaller). */
const LIMITS = { maxBytes: 40 * 1024 * 1024, maxPixels: 100_000_000 };
const FETCH = {
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
  allowLoopback: false,
};
/** Pictures made at once (sharp uses threads of its own for each). */
const CONCURRENCY = 2;

interface Entry {
  key: string;
  picture: PostPicture;
  files: string[];
}

export interface ResolvedPictures {
  options: PictureOptions;
  unresolved: string[];
  cover: PostPicture | null;
  /** The cache keys the post uses: their files are linked into public/ by every build. */
  keys: string[];
  /** Sentences for the build's log. */
  warnings: string[];
}

let running = 0;
const waiting: (() => void)[] = [];
async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const inFlight = new Map<string, Promise<Entry>>();

/** What this build process did with pictures: made (decoded and encoded) and found kept. */
export const pictureWork = { made: 0, madeMs: 0, kept: 0 };

function keyOf(bytes: Buffer): string {
  return createHash('sha256')
    .update(`post-images ${ENCODING_VERSION}`)
    .update('\0')
    .update(bytes)
    .digest('hex')
    .slice(0, 32);
}

/** The cached entry of these bytes, made now if it is not there. */
async function entryOf(cacheDir: string, bytes: Buffer): Promise<Entry> {
  const key = keyOf(bytes);
  const folder = path.join(cacheDir, key);
  const meta = path.join(folder, 'picture.json');
  if (existsSync(meta)) {
    pictureWork.kept += 1;
    return JSON.parse(await readFile(meta, 'utf8')) as Entry;
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const made = turn(async () => {
    const started = performance.now();
    const image = await processImage(bytes, LIMITS);
    pictureWork.made += 1;
    pictureWork.madeMs += performance.now() - started;
    const temporary = `${folder}.${process.pid}.tmp`;
    await rm(temporary, { recursive: true, force: true });
    await mkdir(temporary, { recursive: true });
    const files: string[] = [];
    for (const file of image.files) {
      const name = `${file.width}.${file.ext}`;
      await writeFile(path.join(temporary, name), file.data);
      files.push(name);
    }
    const url = (width: number, ext: string) => `${PUBLIC_PATH}/${key}/${width}.${ext}`;
    const srcset = (ext: string) => image.widths.map((w) => `${url(w, ext)} ${w}w`).join(', ');
    const fallback = FORMATS[FORMATS.length - 1]?.ext ?? 'jpg';
    const entry: Entry = {
      key,
      files,
      picture: {
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
        src: url(image.width, fallback),
        srcset: srcset(fallback),
        sources: FORMATS.slice(0, -1).map((format) => ({
          type: format.type,
          srcset: srcset(format.ext),
        })),
      },
    };
    await writeFile(path.join(temporary, 'picture.json'), JSON.stringify(entry));
    await rm(folder, { recursive: true, force: true });
    await rename(temporary, folder);
    return entry;
  });
  inFlight.set(key, made);
  try {
    return await made;
  } finally {
    inFlight.delete(key);
  }
}

/** An address's picture: fetched the first time, then found by the address's digest. */
async function webEntry(cacheDir: string, url: string): Promise<Entry> {
  const index = path.join(
    cacheDir,
    'web',
    `${createHash('sha256').update(url).digest('hex')}.json`,
  );
  if (existsSync(index)) {
    const { key } = JSON.parse(await readFile(index, 'utf8')) as { key: string };
    const meta = path.join(cacheDir, key, 'picture.json');
    if (existsSync(meta)) return JSON.parse(await readFile(meta, 'utf8')) as Entry;
  }
  const fetched = await fetchImage(url, FETCH);
  const entry = await entryOf(cacheDir, fetched.bytes);
  await mkdir(path.dirname(index), { recursive: true });
  await writeFile(index, JSON.stringify({ url, key: entry.key }));
  return entry;
}

/**
 * The pictures of one post: its body's images and its cover. A post's own file that is missing
 * stops the build (the post would show a broken picture); an address that cannot be fetched is
 * a warning, and the page keeps a plain link with the alt text.
 */
export async function resolvePostPictures(
  siteDir: string,
  postFile: string,
  slug: string,
  body: string,
  cover: string | null,
): Promise<ResolvedPictures> {
  const cacheDir = path.join(siteDir, CACHE_DIR);
  const mediaDir = path.join(path.dirname(postFile), '..', 'blog-media', slug);
  const pictures: Record<string, PostPicture> = {};
  const unresolved: string[] = [];
  const warnings: string[] = [];
  const keys = new Set<string>();
  const own = async (src: string): Promise<Entry> => {
    const file = ownMediaFile(src);
    const full = file ? path.join(mediaDir, file) : null;
    if (!full || !existsSync(full)) {
      throw new Error(
        `the picture ${src} is not in content/blog-media/${slug}/ (pictures of a post are named media/<file> and kept in its folder).`,
      );
    }
    return entryOf(cacheDir, await readFile(full));
  };

  const sources = body.includes('![') || body.includes(']:') ? collectImages(body) : [];
  for (const src of new Set(sources.map((image) => image.src))) {
    if (ownMediaFile(src) || src.startsWith('media/')) {
      const entry = await own(src);
      pictures[src] = entry.picture;
      keys.add(entry.key);
    } else if (isWebImage(src)) {
      try {
        const entry = await webEntry(cacheDir, src.trim());
        pictures[src] = entry.picture;
        keys.add(entry.key);
      } catch (error) {
        unresolved.push(src);
        warnings.push(
          `the picture ${src} could not be used (${error instanceof Error ? error.message : String(error)}); the page shows a link with its alt text instead.`,
        );
      }
    }
  }
  let coverPicture: PostPicture | null = null;
  if (cover) {
    const entry = await own(cover);
    coverPicture = entry.picture;
    keys.add(entry.key);
  }
  return {
    options: { pictures, eagerFirst: coverPicture === null },
    unresolved,
    cover: coverPicture,
    keys: [...keys],
    warnings,
  };
}

/**
 * Puts the files of these cache keys in public/static/post-images/ (hard links where the file
 * system allows, copies otherwise). Run on every build for every post, changed or not.
 */
export async function publishPostPictures(
  siteDir: string,
  keys: Iterable<string>,
): Promise<number> {
  const cacheDir = path.join(siteDir, CACHE_DIR);
  const publicDir = path.join(siteDir, PUBLIC_DIR);
  let count = 0;
  for (const key of new Set(keys)) {
    const meta = path.join(cacheDir, key, 'picture.json');
    if (!existsSync(meta)) {
      throw new Error(
        `${CACHE_DIR}/${key} is missing; run the build again (or gatsby clean) to make it.`,
      );
    }
    const entry = JSON.parse(await readFile(meta, 'utf8')) as Entry;
    const target = path.join(publicDir, key);
    await mkdir(target, { recursive: true });
    for (const file of entry.files) {
      const to = path.join(target, file);
      if (existsSync(to)) continue;
      const from = path.join(cacheDir, key, file);
      await link(from, to).catch(() => copyFile(from, to));
      count += 1;
    }
  }
  return count;
}
