import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  POST_LIMITS,
  REQUEST_RENDER_DIR,
  REQUEST_RENDER_MANIFEST_FILE,
  type RequestRenderManifest,
  type RequestRenderSite,
  type RequestRenderSlot,
  SLUG_PATTERN,
} from '@site/contracts';
import { idOf } from './id-param';

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

/** The site build's public/.request-render/manifest.json (plugins/request-render writes it). */
type Manifest = RequestRenderManifest;

type ManifestSlot = RequestRenderSlot;

interface RenderedSlot {
  html: string;
  head: string;
  /** Head tags in the place of the page's own (its Head elements). */
  pageHead?: string;
  status?: number;
}

/** What every slot is drawn with besides its data: the site's metadata, as the build knew it. */
interface SlotContext {
  site: RequestRenderSite | null;
  /** The address asked for (its path), for the page's canonical address. */
  path: string;
}

interface SlotModule {
  render(data: unknown, extra?: unknown, context?: SlotContext): RenderedSlot;
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
  /**
   * `head` and `middle` without the page's Head elements, for a slot that draws its own head
   * tags; null when they are not each found exactly once.
   */
  headless: { head: string; middle: string } | null;
}

export interface DrawnPage {
  body: string;
  etag: string;
  /** The answer's status, when not 200 (a post taken down: the not-found page as built). */
  status?: number;
  /**
   * True when the address names nothing: its slot takes an id and the API knows nothing by that
   * id. Nothing is drawn (the body is empty); the address is not found.
   */
  missing?: boolean;
}

/** What `page` answers for an id the API knows nothing about (see DrawnPage.missing). */
export const MISSING_PAGE: Readonly<DrawnPage> = Object.freeze({
  body: '',
  etag: '',
  status: 404,
  missing: true,
});

/** True for a slot whose path takes an id: a thing that either exists or does not. */
function takesId(slot: { path?: string }): boolean {
  return (slot.path ?? '')
    .split('/')
    .some((segment) => segment.startsWith(':') && segment !== ':slug');
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

/** The built site's folder of the slots' modules and their manifest. */
export const OUTPUT_DIR = REQUEST_RENDER_DIR;
/** However quiet the site, a drawn page is drawn again after this long. */
const MAX_AGE_MS = 5 * 60_000;
/**
 * How many drawn pages are kept (the least recently served go first): a slot with a path
 * parameter has one page per id, and no sequence of requests may grow the cache past this.
 */
export const DEFAULT_CACHE_SIZE = 300;

/** A path parameter is an id: a positive whole number that fits the database's integer. */
const isId = (value: string) => idOf(value) !== null;
/** A `:slug` parameter is a post's slug, by the posts' own rule. */
const SLUG = new RegExp(SLUG_PATTERN);

/**
 * The address a slot is drawn from for the request path `urlPath`, or null when the path is not
 * the slot's. A slot without a `path` belongs to its page whatever the address; one with a path
 * ("/giveaway/:id") matches only paths of exactly its segments whose parameters are ids, and its
 * data address gets them in place of "{id}".
 */
export function dataAddressFor(
  slot: { data: string; path?: string; query?: string },
  urlPath: string,
  search = '',
): string | null {
  if (slot.path === undefined) return slot.data;
  const want = slot.path.split('/').filter(Boolean);
  const have = urlPath.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  let address = slot.data;
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] as string;
    const actual = have[i] as string;
    if (segment === ':slug') {
      if (!SLUG.test(actual) || actual.length > POST_LIMITS.slug) return null;
      address = address.split('{slug}').join(actual);
    } else if (segment.startsWith(':')) {
      if (!isId(actual)) return null;
      address = address.split(`{${segment.slice(1)}}`).join(actual);
    } else if (segment !== actual) {
      return null;
    }
  }
  return address + queryFor(slot.query, search);
}

/**
 * The slot's query parameter as the data address takes it ("?version=2"): only a value that is an
 * id is passed on; without one (or with another value) the data address asks for the default.
 */
function queryFor(name: string | undefined, search: string): string {
  if (name === undefined) return '';
  const value = new URLSearchParams(search).get(name);
  if (value === null || !isId(value)) return '';
  return `?${encodeURIComponent(name)}=${value}`;
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

/**
 * `parts` with each of `elements` taken out, each found exactly once in all of them together;
 * null otherwise.
 */
function without(parts: [string, string], elements: readonly string[]): [string, string] | null {
  let [first, second] = parts;
  for (const element of elements) {
    const inFirst = first.includes(element);
    const inSecond = second.includes(element);
    const fromFirst = inSecond ? null : around(first, element);
    const fromSecond = inFirst ? null : around(second, element);
    if (element !== '' && fromFirst) first = fromFirst.join('');
    else if (element !== '' && fromSecond) second = fromSecond.join('');
    else return null;
  }
  return [first, second];
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
   * the file as built, or MISSING_PAGE when `urlPath` names an id the API knows nothing about.
   * `extra` is one visitor's state (the answer to a form sent as a page): the page is then drawn
   * for that request alone, never kept nor taken from what is kept. `search`: the request's query
   * string, read for a slot with a `query` parameter.
   */
  async page(
    root: string,
    pageFile: string,
    urlPath = '',
    extra?: unknown,
    search = '',
  ): Promise<DrawnPage | null> {
    this.useRoot(root);
    const found = this.slotFor(root, pageFile, urlPath, search);
    if (!found) return null;
    const [slot, address] = found;
    const prepared = this.prepared(root, slot);
    if (!prepared) return null;
    if (extra !== undefined) return this.draw(null, address, prepared, undefined, urlPath, extra);
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
      drawing = this.draw(key, address, prepared, version, urlPath).finally(() =>
        this.drawing.delete(drawKey),
      );
      this.drawing.set(drawKey, drawing);
    }
    return drawing;
  }

  /**
   * The document page that stands in for the app page `appPageFile` at `urlPath`, for a visitor
   * without a session (a slot whose `documentFor` is that page and whose path matches), or null.
   */
  documentFor(root: string, appPageFile: string, urlPath: string): string | null {
    this.useRoot(root);
    if (this.manifest === undefined) this.manifest = this.readManifest(root);
    for (const slot of this.manifest?.slots ?? []) {
      if (slot.documentFor !== appPageFile) continue;
      if (dataAddressFor(slot, urlPath) !== null) return slot.pageFile;
    }
    return null;
  }

  /** True for a page that only stands in for an app page: it is never served at its own address. */
  isStandIn(root: string, pageFile: string): boolean {
    this.useRoot(root);
    if (this.manifest === undefined) this.manifest = this.readManifest(root);
    return (this.manifest?.slots ?? []).some(
      (slot) => slot.documentFor !== undefined && slot.pageFile === pageFile,
    );
  }

  /** A new site folder: what was read or drawn from the old one goes. */
  private useRoot(root: string): void {
    if (root === this.root) return;
    this.root = root;
    this.pages.clear();
    this.manifest = undefined;
    this.invalidate();
  }

  /** The slot of `pageFile` whose path `urlPath` is, with the address its data comes from. */
  private slotFor(
    root: string,
    pageFile: string,
    urlPath: string,
    search: string,
  ): [ManifestSlot, string] | null {
    if (this.manifest === undefined) this.manifest = this.readManifest(root);
    for (const slot of this.manifest?.slots ?? []) {
      if (slot.pageFile !== pageFile) continue;
      const address = dataAddressFor(slot, urlPath, search);
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
    urlPath: string,
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
      // Nothing there. An id that names nothing (a giveaway that does not exist) is not found; an
      // address of another kind (a post with nothing newer than the build) is served as built.
      // Either is remembered, so that asking for it again costs no query until something changes.
      const answer = takesId(page.slot) ? MISSING_PAGE : null;
      if (key !== null)
        this.remember(
          key,
          { page: answer, generation, expiresAt: startedAt + MAX_AGE_MS },
          version,
        );
      return answer;
    }
    let drawn: RenderedSlot;
    try {
      drawn = page.module.render(data, extra, { site: this.manifest?.site ?? null, path: urlPath });
    } catch (error) {
      this.log.warn(
        { err: error, slot: page.slot.name },
        'request-render: the slot failed to draw',
      );
      return null;
    }
    const withHead = drawn.pageHead !== undefined && page.headless !== null;
    const body = withHead
      ? `${page.headless?.head ?? ''}${drawn.head}${drawn.pageHead ?? ''}${page.headless?.middle ?? ''}${drawn.html}${page.tail}`
      : page.head + drawn.head + page.middle + drawn.html + page.tail;
    const result: DrawnPage = {
      body,
      etag: `"rr-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      ...(drawn.status === undefined || drawn.status === 200 ? {} : { status: drawn.status }),
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
        fs.readFileSync(path.join(root, OUTPUT_DIR, REQUEST_RENDER_MANIFEST_FILE), 'utf8'),
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
      const load = createRequire(path.join(dir, REQUEST_RENDER_MANIFEST_FILE));
      const module = load(path.join(dir, path.basename(slot.module))) as SlotModule;
      if (typeof module.render !== 'function') return refuse('the slot module has no render()');
      const html = fs.readFileSync(path.join(root, pageFile), 'utf8');
      const seed =
        slot.seed === undefined
          ? null
          : (
              JSON.parse(fs.readFileSync(path.join(root, slot.seed), 'utf8')) as {
                result?: { data?: unknown };
              }
            ).result?.data;
      if (seed === undefined) return refuse("the slot's seed holds no page data");
      const prebuilt = module.render(seed).html;
      const atMarker = around(html, manifest.headMarker);
      if (!atMarker) return refuse('the page has no head marker, or more than one');
      const [beforeMarker, afterMarker] = atMarker;
      const atSlot = around(afterMarker, prebuilt);
      if (!atSlot) return refuse("the slot's prebuilt state is not in the page exactly once");
      const head = beforeMarker + manifest.headMarker;
      const headless = without([head, atSlot[0]], slot.headElements ?? []);
      return {
        slot,
        module,
        head,
        middle: atSlot[0],
        tail: atSlot[1],
        headless: headless && { head: headless[0], middle: headless[1] },
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
