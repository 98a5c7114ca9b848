import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { drawSocialCard, socialCardKey } from '@site/pipeline/image-service';
import {
  normalCardRequest,
  SOCIAL_CARD_FOLDER,
  socialCardAddress,
  type SocialCardRequest,
} from '@site/contracts';

/**
 * Draws the cards the pages asked for (./gatsby-ssr.tsx noted each in `requestsDir`) and puts each
 * in the built site at its address (/og/<hash>.jpg). A card is drawn once: it is kept in
 * `cacheDir` under a key of everything it shows (the cover by its bytes), so a build finds the
 * cards of unchanged pages there and only copies them. A kept card that no page of the build asks
 * for any more (a title changed, a page removed) is removed from `cacheDir`.
 */
export interface CardBuild {
  requestsDir: string;
  cacheDir: string;
  publicDir: string;
  fontDir: string;
  /** Cards drawn at once (the machine's cores are shared with the rest of the build). */
  concurrency?: number;
  warn: (message: string) => void;
}

export interface CardBuildResult {
  /** Cards in the built site. */
  cards: number;
  /** Of which drawn by this build (the rest came from the cache). */
  drawn: number;
  /** Kept cards that no page asks for any more, removed from the cache. */
  removed: number;
}

/** A kept card's file name: its key (32 hex digits) and .jpg. */
const KEPT_CARD = /^([0-9a-f]{32})\.jpg$/;

interface NotedRequest extends Required<SocialCardRequest> {
  address: string;
}

function asRequest(value: unknown): NotedRequest | null {
  if (value === null || typeof value !== 'object') return null;
  const { address, title, label, cover } = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  if (typeof address !== 'string' || typeof title !== 'string') return null;
  const request = normalCardRequest({ title, label: text(label), cover: text(cover) });
  // A request whose address is not the one its content gives is not from this build's pages.
  if (socialCardAddress(request) !== address) return null;
  return { address, ...request };
}

/** The bytes of a picture of the built site, or null (with a warning) when there is none. */
async function coverBytes(
  publicDir: string,
  cover: string,
  warn: CardBuild['warn'],
): Promise<Buffer | null> {
  const pathname = cover.split(/[?#]/)[0] ?? '';
  const file = path.resolve(publicDir, `.${decodeURI(pathname)}`);
  if (!/^\//.test(pathname) || !file.startsWith(`${path.resolve(publicDir)}${path.sep}`)) {
    warn(`Social cards: the cover "${cover}" is not an address in the site; the card has none.`);
    return null;
  }
  try {
    return await fs.readFile(file);
  } catch {
    warn(`Social cards: the cover "${cover}" is not in the built site; the card has none.`);
    return null;
  }
}

async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  const partial = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
}

/**
 * Calls `each` for every item in order, `concurrency` at a time, and stops taking new items once
 * `signal` is aborted (those started are finished).
 */
async function inTurns<T>(
  items: readonly T[],
  concurrency: number,
  each: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await each(items[next++] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Draws into `cacheDir` the cards of `requests` (cards without a cover) that it does not hold yet,
 * `concurrency` at a time, until `signal` is aborted (the cards being drawn then are finished);
 * the number drawn. Run while the rest of the build works, so that `buildSocialCards` finds these
 * cards kept: a card no page asks for in the end is removed by it.
 */
export async function warmSocialCards(options: {
  requests: ReadonlyArray<Pick<SocialCardRequest, 'title' | 'label'>>;
  cacheDir: string;
  fontDir: string;
  concurrency?: number;
  signal?: AbortSignal;
}): Promise<number> {
  const { cacheDir, fontDir } = options;
  await fs.mkdir(cacheDir, { recursive: true });
  let drawn = 0;
  await inTurns(
    options.requests,
    options.concurrency ?? 1,
    async (request) => {
      const { title, label } = normalCardRequest({ ...request, cover: null });
      const kept = path.join(cacheDir, `${socialCardKey({ title, label, pictureId: null })}.jpg`);
      try {
        await fs.access(kept);
      } catch {
        await writeWhole(kept, await drawSocialCard({ title, label, picture: null }, { fontDir }));
        drawn += 1;
      }
    },
    options.signal,
  );
  return drawn;
}

export async function buildSocialCards(options: CardBuild): Promise<CardBuildResult> {
  const { requestsDir, cacheDir, publicDir, fontDir, warn } = options;
  let names: string[];
  try {
    names = (await fs.readdir(requestsDir)).filter((name) => name.endsWith('.json'));
  } catch {
    names = [];
  }
  const requests: NotedRequest[] = [];
  for (const name of names.sort()) {
    try {
      const request = asRequest(
        JSON.parse(await fs.readFile(path.join(requestsDir, name), 'utf8')),
      );
      if (request) requests.push(request);
    } catch {
      // A file cut short by an interrupted build: the page's next render notes it again.
    }
  }
  const used = new Set<string>();
  const outDir = path.join(publicDir, SOCIAL_CARD_FOLDER);
  await fs.mkdir(cacheDir, { recursive: true });
  await fs.mkdir(outDir, { recursive: true });

  let drawn = 0;
  await inTurns(requests, options.concurrency ?? 2, async (request) => {
    const picture = request.cover ? await coverBytes(publicDir, request.cover, warn) : null;
    const key = socialCardKey({
      title: request.title,
      label: request.label,
      pictureId: picture ? crypto.createHash('sha256').update(picture).digest('hex') : null,
    });
    used.add(key);
    const kept = path.join(cacheDir, `${key}.jpg`);
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(kept);
    } catch {
      bytes = await drawSocialCard(
        { title: request.title, label: request.label, picture },
        { fontDir },
      );
      await writeWhole(kept, bytes);
      drawn += 1;
    }
    await writeWhole(path.join(publicDir, request.address), bytes);
  });
  let removed = 0;
  for (const name of await fs.readdir(cacheDir)) {
    const key = KEPT_CARD.exec(name)?.[1];
    if (key === undefined || used.has(key)) continue;
    await fs.rm(path.join(cacheDir, name), { force: true });
    removed += 1;
  }
  return { cards: requests.length, drawn, removed };
}
