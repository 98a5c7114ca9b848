import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Draws the request-time slots of app pages (the site build's plugins/request-render): a slot is
 * a part of a prebuilt page, such as /giveaway's list, that the server renders from the public
 * API's answer with the page's own React components, compiled by the site build. The page then
 * arrives drawn, and the browser's first render, reading the same data from the page's head,
 * takes it over unchanged.
 *
 * The built page holds the slot's prebuilt state (the loading state). The slot's module renders
 * that state again; where it is found, once, in the built page, the drawn slot takes its place,
 * and the slot's styles and data go after the page's head marker, an element the build wrote for
 * this. A page whose slot or marker is not found as expected is served as built, and so is every
 * page when the API does not answer: the app then loads the data itself, as it always could.
 */

/** The site build's public/.request-render/manifest.json. */
interface Manifest {
  headMarker: string;
  slots: Array<{ name: string; pageFile: string; module: string; data: string; path?: string }>;
}

type ManifestSlot = Manifest['slots'][number];

interface SlotModule {
  render(data: unknown, extra?: unknown): { html: string; head: string };
}

/** A built page with a slot, split where the drawn parts go. */
interface PreparedPage {
  slot: ManifestSlot;
  module: SlotModule;
  /** Up to and including the head marker. */
  head: string;
  /** From the head marker to the slot's prebuilt state. */
  middle: string;
  /** After the slot's prebuilt state. */
  tail: string;
}

export interface DrawnPage {
  body: string;
  etag: string;
}

interface CachedPage {
  /** The drawn page, or null for "serve it as built" (the API answered that there is no such thing). */
  page: DrawnPage | null;
  generation: number;
  /** The change counter of the page's data when it was drawn (see PageVersion). */
  version: number | null;
  expiresAt: number;
}

/**
 * The change counter, shared by every server process, of what a data address answers (null: none
 * follows it). Read before a kept page is served: a page drawn at another version is drawn again,
 * so a change made through any process shows at once. It throws when it cannot be read; the page
 * is then drawn afresh and not kept.
 */
export type PageVersion = (address: string) => Promise<number | null>;

/**
 * Answers a public API address as a visitor with no session: the parsed JSON, or null when the
 * API says there is nothing there (404). It throws when the API fails in any other way.
 */
export type AskPublic = (url: string) => Promise<unknown>;

interface Log {
  warn(obj: object, msg: string): void;
}

export const OUTPUT_DIR = '.request-render';
/** However quiet the site, a drawn page is drawn again after this long. */
const MAX_AGE_MS = 5 * 60_000;
/**
 * How many drawn pages are kept (the least recently served go first): a slot with a path
 * parameter has one page per id, and no sequence of requests may grow the cache past this.
 */
export const DEFAULT_CACHE_SIZE = 300;

/** A path parameter is an id: a positive whole number that fits the database's integer. */
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

/**
 * The address a slot is drawn from for the request path `urlPath`, or null when the path is not
 * the slot's. A slot without a `path` belongs to its page whatever the address; one with a path
 * ("/giveaway/:id") matches only paths of exactly its segments whose parameters are ids, and its
 * data address gets them in place of "{id}".
 */
export function dataAddressFor(
  slot: { data: string; path?: string },
  urlPath: string,
): string | null {
  if (slot.path === undefined) return slot.data;
  const want = slot.path.split('/').filter(Boolean);
  const have = urlPath.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  let address = slot.data;
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    const actual = have[i] as string;
    if (segment.startsWith(':')) {
      if (!ID.test(actual) || Number(actual) > MAX_ID) return null;
      address = address.split(`{${segment.slice(1)}}`).join(actual);
    } else if (segment !== actual) {
      return null;
    }
  }
  return address;
}

const DATE = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The first moment after `now` named by a date in `data` (a giveaway opening or closing): what a
 * slot shows may change then without any write, so a drawn page lasts until then at most.
 */
export function nextDateIn(data: unknown, now: number): number {
  let next = Infinity;
  const visit = (value: unknown, depth: number) => {
    if (depth > 8) return;
    if (typeof value === 'string') {
      if (!DATE.test(value)) return;
      const at = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
      if (at > now && at < next) next = at;
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) visit(item, depth + 1);
    }
  };
  visit(data, 0);
  return next;
}

/** Splits `html` around the one occurrence of `part`, or null when it is not there exactly once. */
function around(html: string, part: string, from = 0): [string, string] | null {
  const at = html.indexOf(part, from);
  if (at === -1 || html.indexOf(part, at + 1) !== -1) return null;
  return [html.slice(0, at), html.slice(at + part.length)];
}

export class RequestRender {
  private root = '';
  /** The built pages split for drawing, by slot name (null: the slot cannot be drawn). */
  private pages = new Map<string, PreparedPage | null>();
  private manifest: Manifest | null | undefined;
  /** Drawn pages by slot and data address, least recently served first (Map keeps order). */
  private cache = new Map<string, CachedPage>();
  private drawing = new Map<string, Promise<DrawnPage | null>>();
  /** Bumped by every write: a page drawn before it is not served after it. */
  private generation = 0;

  constructor(
    private readonly ask: AskPublic,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
    private readonly cacheSize: number = DEFAULT_CACHE_SIZE,
    private readonly version: PageVersion = async () => null,
  ) {}

  /** Something public may have changed (a write succeeded): every drawn page is drawn again. */
  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** How many drawn pages are kept now (for tests and diagnostics). */
  get cachedCount(): number {
    return this.cache.size;
  }

  /**
   * The drawn page for `pageFile` of the site at `root`, requested as `urlPath`, or null to serve
   * the file as built. `extra` is one visitor's state (the answer to a form sent as a page): the
   * page is then drawn for that request alone, never kept nor taken from what is kept.
   */
  async page(
    root: string,
    pageFile: string,
    urlPath = '',
    extra?: unknown,
  ): Promise<DrawnPage | null> {
    if (root !== this.root) {
      this.root = root;
      this.pages.clear();
      this.manifest = undefined;
      this.invalidate();
    }
    const found = this.slotFor(root, pageFile, urlPath);
    if (!found) return null;
    const [slot, address] = found;
    const prepared = this.prepared(root, slot);
    if (!prepared) return null;
    if (extra !== undefined) return this.draw(null, address, prepared, undefined, extra);
    const key = `${slot.name} ${address}`;
    let version: number | null | undefined;
    try {
      version = await this.version(address);
    } catch (error) {
      this.log.warn({ err: error, slot: slot.name }, 'request-render: the page version is unknown');
    }
    const cached = this.cache.get(key);
    if (
      cached &&
      version !== undefined &&
      cached.version === version &&
      cached.generation === this.generation &&
      cached.expiresAt > this.now()
    ) {
      // Served again: it becomes the most recently used.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.page;
    }
    // Requests that arrive together share one drawing, but only of the same version.
    const drawKey = `${key} ${String(version)}`;
    let drawing = this.drawing.get(drawKey);
    if (!drawing) {
      drawing = this.draw(key, address, prepared, version).finally(() =>
        this.drawing.delete(drawKey),
      );
      this.drawing.set(drawKey, drawing);
    }
    return drawing;
  }

  /** The slot of `pageFile` whose path `urlPath` is, with the address its data comes from. */
  private slotFor(root: string, pageFile: string, urlPath: string): [ManifestSlot, string] | null {
    if (this.manifest === undefined) this.manifest = this.readManifest(root);
    for (const slot of this.manifest?.slots ?? []) {
      if (slot.pageFile !== pageFile) continue;
      const address = dataAddressFor(slot, urlPath);
      if (address !== null) return [slot, address];
    }
    return null;
  }

  private remember(key: string, entry: Omit<CachedPage, 'version'>, version?: number | null) {
    if (entry.generation !== this.generation || version === undefined) return;
    this.cache.delete(key);
    this.cache.set(key, { ...entry, version });
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
  }

  private async draw(
    key: string | null,
    address: string,
    page: PreparedPage,
    version: number | null | undefined,
    extra?: unknown,
  ): Promise<DrawnPage | null> {
    const generation = this.generation;
    const startedAt = this.now();
    let data: unknown;
    try {
      data = await this.ask(address);
    } catch (error) {
      this.log.warn({ err: error, slot: page.slot.name }, 'request-render: the API did not answer');
      return null;
    }
    if (data === null || data === undefined) {
      // Nothing there (a giveaway that does not exist): served as built, and remembered as such
      // so that asking for it again costs no query until something changes.
      if (key !== null)
        this.remember(key, { page: null, generation, expiresAt: startedAt + MAX_AGE_MS }, version);
      return null;
    }
    let drawn: { html: string; head: string };
    try {
      drawn = extra === undefined ? page.module.render(data) : page.module.render(data, extra);
    } catch (error) {
      this.log.warn(
        { err: error, slot: page.slot.name },
        'request-render: the slot failed to draw',
      );
      return null;
    }
    const body = page.head + drawn.head + page.middle + drawn.html + page.tail;
    const result: DrawnPage = {
      body,
      etag: `"rr-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
    if (key === null) return result;
    this.remember(
      key,
      {
        page: result,
        generation,
        expiresAt: Math.min(startedAt + MAX_AGE_MS, nextDateIn(data, startedAt)),
      },
      version,
    );
    return result;
  }

  private readManifest(root: string): Manifest | null {
    try {
      return JSON.parse(
        fs.readFileSync(path.join(root, OUTPUT_DIR, 'manifest.json'), 'utf8'),
      ) as Manifest;
    } catch {
      return null;
    }
  }

  /** The built page split for a slot, once per slot and site; null when it cannot be drawn. */
  private prepared(root: string, slot: ManifestSlot): PreparedPage | null {
    if (this.pages.has(slot.name)) return this.pages.get(slot.name) ?? null;
    const page = this.prepare(root, slot);
    this.pages.set(slot.name, page);
    return page;
  }

  private prepare(root: string, slot: ManifestSlot): PreparedPage | null {
    const dir = path.join(root, OUTPUT_DIR);
    const manifest = this.manifest;
    if (!manifest) return null;
    const pageFile = slot.pageFile;
    const refuse = (why: string) => {
      this.log.warn({ slot: slot.name, pageFile }, `request-render: ${why}; served as built`);
      return null;
    };
    try {
      const load = createRequire(path.join(dir, 'manifest.json'));
      const module = load(path.join(dir, path.basename(slot.module))) as SlotModule;
      if (typeof module.render !== 'function') return refuse('the slot module has no render()');
      const html = fs.readFileSync(path.join(root, pageFile), 'utf8');
      const prebuilt = module.render(null).html;
      const atMarker = around(html, manifest.headMarker);
      if (!atMarker) return refuse('the page has no head marker, or more than one');
      const [beforeMarker, afterMarker] = atMarker;
      const atSlot = around(afterMarker, prebuilt);
      if (!atSlot) return refuse("the slot's prebuilt state is not in the page exactly once");
      return {
        slot,
        module,
        head: beforeMarker + manifest.headMarker,
        middle: atSlot[0],
        tail: atSlot[1],
      };
    } catch (error) {
      this.log.warn(
        { err: error, slot: slot.name },
        'request-render: the slot could not be loaded',
      );
      return null;
    }
  }
}
