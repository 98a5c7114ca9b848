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
  slots: Array<{ name: string; pageFile: string; module: string; data: string }>;
}

interface SlotModule {
  render(data: unknown): { html: string; head: string };
}

/** A built page with a slot, split where the drawn parts go. */
interface PreparedPage {
  slot: Manifest['slots'][number];
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

interface CachedPage extends DrawnPage {
  generation: number;
  expiresAt: number;
}

/** Answers a public API address as a visitor with no session: the parsed JSON, or null. */
export type AskPublic = (url: string) => Promise<unknown>;

interface Log {
  warn(obj: object, msg: string): void;
}

export const OUTPUT_DIR = '.request-render';
/** However quiet the site, a drawn page is drawn again after this long. */
const MAX_AGE_MS = 5 * 60_000;

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
  private pages = new Map<string, PreparedPage | null>();
  private cache = new Map<string, CachedPage>();
  private drawing = new Map<string, Promise<DrawnPage | null>>();
  /** Bumped by every write: a page drawn before it is not served after it. */
  private generation = 0;

  constructor(
    private readonly ask: AskPublic,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  /** Something public may have changed (a write succeeded): every drawn page is drawn again. */
  invalidate(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** The drawn page for `pageFile` of the site at `root`, or null to serve the file as built. */
  async page(root: string, pageFile: string): Promise<DrawnPage | null> {
    if (root !== this.root) {
      this.root = root;
      this.pages.clear();
      this.invalidate();
    }
    const prepared = this.prepared(root, pageFile);
    if (!prepared) return null;
    const cached = this.cache.get(pageFile);
    if (cached && cached.generation === this.generation && cached.expiresAt > this.now()) {
      return cached;
    }
    let drawing = this.drawing.get(pageFile);
    if (!drawing) {
      drawing = this.draw(pageFile, prepared).finally(() => this.drawing.delete(pageFile));
      this.drawing.set(pageFile, drawing);
    }
    return drawing;
  }

  private async draw(pageFile: string, page: PreparedPage): Promise<DrawnPage | null> {
    const generation = this.generation;
    const startedAt = this.now();
    let data: unknown;
    try {
      data = await this.ask(page.slot.data);
    } catch (error) {
      this.log.warn({ err: error, slot: page.slot.name }, 'request-render: the API did not answer');
      return null;
    }
    if (data === null || data === undefined) return null;
    let drawn: { html: string; head: string };
    try {
      drawn = page.module.render(data);
    } catch (error) {
      this.log.warn(
        { err: error, slot: page.slot.name },
        'request-render: the slot failed to draw',
      );
      return null;
    }
    const body = page.head + drawn.head + page.middle + drawn.html + page.tail;
    const result: CachedPage = {
      body,
      etag: `"rr-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      generation,
      expiresAt: Math.min(startedAt + MAX_AGE_MS, nextDateIn(data, startedAt)),
    };
    if (generation === this.generation) this.cache.set(pageFile, result);
    return result;
  }

  /** The built page split for drawing, once per page and site; null when it has no slot. */
  private prepared(root: string, pageFile: string): PreparedPage | null {
    if (this.pages.has(pageFile)) return this.pages.get(pageFile) ?? null;
    const page = this.prepare(root, pageFile);
    this.pages.set(pageFile, page);
    return page;
  }

  private prepare(root: string, pageFile: string): PreparedPage | null {
    const dir = path.join(root, OUTPUT_DIR);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      return null;
    }
    const slot = manifest.slots.find((s) => s.pageFile === pageFile);
    if (!slot) return null;
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
