import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchesPath } from '../lib/match-path';
import type { RequestRender } from '../lib/request-render';
import { withStaffLoader } from '../lib/staff-loader';
import { STAFF_HINT_COOKIE } from './auth';

/** The site's speculation rules, written by the build (plugins/islands) beside the pages. */
const SPECULATION_RULES_FILE = 'speculation-rules.json';

export interface StaticSiteOptions {
  /** The built site (Gatsby's public/). */
  siteDir: string;
  /** Gatsby's .cache/, where the build leaves match-paths.json for client-only routes. */
  gatsbyCacheDir: string;
  /**
   * Not-found screens of a section: an address matching `matchPath` that is no file of the site
   * gets the HTML of `page` with status 404, and so does `page`'s own address (e.g. /blog/* →
   * /blog/404.html, the "Post Not Found" page). Other unknown addresses get /404.html.
   */
  notFoundPages?: NotFoundPage[];
  /** Lets the publisher point the plugin at a freshly built site without a restart. */
  handle?: SiteHandle;
  /** Draws the request-time slots of app pages (/giveaway's list) into the served HTML. */
  requestRender?: RequestRender;
}

/**
 * The served site's location. The plugin serves whatever folder the handle last pointed to, so a
 * rebuilt site built aside replaces the old one in a single step: requests in flight finish with
 * the old folder, the next ones read the new one, and nobody sees a half-written build.
 */
export class SiteHandle {
  private listener: ((siteDir: string, gatsbyCacheDir: string) => void) | null = null;
  private pending: [string, string] | null = null;
  private current: string | null = null;

  /** Serves `siteDir` from now on, with the client-only routes in `gatsbyCacheDir/match-paths.json`. */
  switchTo(siteDir: string, gatsbyCacheDir: string): void {
    // Already serving it (the builder switched, then saw its own current.json).
    if (this.current === siteDir) return;
    this.current = siteDir;
    if (this.listener) this.listener(siteDir, gatsbyCacheDir);
    else this.pending = [siteDir, gatsbyCacheDir];
  }

  /** Called by the plugin; a switch requested before the plugin started is applied now. */
  attach(listener: (siteDir: string, gatsbyCacheDir: string) => void): void {
    this.listener = listener;
    if (this.pending) listener(...this.pending);
    this.pending = null;
  }
}

interface MatchPath {
  path: string;
  matchPath: string;
}

export interface NotFoundPage {
  /** A pattern like Gatsby's matchPath: "/blog/*". */
  matchPath: string;
  /** The page's address in the built site, e.g. "/blog/404.html". */
  page: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Webpack chunks and CSS that Gatsby names with a content hash, e.g. app-2f1c0a9e8b7d6c5b4a39.js. */
const HASHED_ASSET = /[-.][0-9a-f]{16,}\.(js|css|map)$/;

/** Gatsby's caching rules: hashed assets forever, HTML and page data always revalidated. */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/static/')) return IMMUTABLE;
  if (urlPath === '/sw.js') return 'no-cache';
  if (HASHED_ASSET.test(urlPath)) return IMMUTABLE;
  return REVALIDATE;
}

/**
 * Build by-products that no page loads and that show how the site is made: source maps, the
 * webpack stats, Gatsby's chunk map, and any dot-file or dot-folder (.cache and the like). The
 * build moves the stats and the chunk map out of the served folder (plugins/build-internals);
 * this rule stays for a folder built before that.
 */
const INTERNAL = /\.map$|^\/(?:webpack\.stats|chunk-map)\.json$|\/\./;

/**
 * Decided on the path as the file system will read it: `urlPath` is already percent-decoded, and
 * is normalised here the way the file lookup joins it (`//x`, `/a/../x` and `/./x` are `/x`).
 */
export function isInternalFile(urlPath: string): boolean {
  return INTERNAL.test(path.posix.normalize(urlPath));
}

/**
 * True when a browser following `Location: target` stays on this site. Browsers read "//host"
 * and "/\host" as another host (and drop tabs and newlines first), so the check parses the
 * target the way a browser does.
 */
export function staysOnSite(target: string): boolean {
  if (!/^\/(?![/\\])/.test(target)) return false;
  try {
    return new URL(target, 'http://site.invalid').host === 'site.invalid';
  } catch {
    return false;
  }
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Page file (relative to the site, "blog/x/index.html") → CSP hashes of its inline scripts. */
type CspManifest = Record<string, string[]>;

/** Written by the build (plugins/delivery/csp.ts) beside match-paths.json. */
function readCspManifest(cacheDir: string, log: FastifyInstance['log']): CspManifest {
  const file = path.join(cacheDir, 'csp-hashes.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as CspManifest;
  } catch {
    log.warn(
      { file },
      'no csp-hashes.json: pages are served without script hashes, so their inline scripts will not run until the site is built',
    );
    return {};
  }
}

function readMatchPaths(cacheDir: string, log: FastifyInstance['log']): MatchPath[] {
  const file = path.join(cacheDir, 'match-paths.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as MatchPath[];
  } catch {
    log.warn(
      { file },
      'no match-paths.json: client-only routes will answer 404 until the site is built',
    );
    return [];
  }
}

function safeDecode(urlPath: string): string | null {
  try {
    const decoded = decodeURIComponent(urlPath);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/**
 * The file of a built site (absolute `root`) that answers `urlPath`: the path itself, or its
 * index.html. Relative to `root`; null when there is none or the path leads outside `root`.
 */
export function siteFileFor(root: string, urlPath: string): string | null {
  const candidates = urlPath.endsWith('/')
    ? [path.join(urlPath, 'index.html')]
    : [urlPath, path.join(urlPath, 'index.html')];
  for (const candidate of candidates) {
    const full = path.join(root, candidate);
    if (!full.startsWith(root + path.sep)) continue;
    try {
      if (fs.statSync(full).isFile()) return path.relative(root, full);
    } catch {
      // Not there: try the next candidate.
    }
  }
  return null;
}

/**
 * Serves the built Gatsby site: real files first, then client-only routes (matchPath) with their
 * page, then the 404 page with status 404. Registered after the API so /api/* never reaches it.
 */
export default async function staticSite(app: FastifyInstance, opts: StaticSiteOptions) {
  let root = '';
  let built = false;
  let matchPaths: MatchPath[] = [];
  let cspHashes: CspManifest = {};
  const load = (siteDir: string, gatsbyCacheDir: string) => {
    root = path.resolve(siteDir);
    built = fs.existsSync(path.join(root, 'index.html'));
    if (!built)
      app.log.warn(
        { root },
        'the site is not built: run `npm run build` (npm start does it for you)',
      );
    matchPaths = built ? readMatchPaths(gatsbyCacheDir, app.log) : [];
    cspHashes = built ? readCspManifest(gatsbyCacheDir, app.log) : {};
  };
  load(opts.siteDir, opts.gatsbyCacheDir);
  opts.handle?.attach((siteDir, gatsbyCacheDir) => {
    load(siteDir, gatsbyCacheDir);
    app.log.info({ root }, 'serving the site from a new folder');
  });
  const notFoundPages = opts.notFoundPages ?? [];

  await app.register(fastifyStatic, {
    root: path.resolve(opts.siteDir),
    serve: false,
    etag: true,
    lastModified: true,
    cacheControl: false,
    dotfiles: 'deny',
    // The build writes a Brotli-11 `.br` beside each script and stylesheet
    // (plugins/delivery/precompress.ts); browsers that accept Brotli get that file. Everything
    // else is compressed per response by @fastify/compress.
    preCompressed: true,
  });

  const fileFor = (urlPath: string) => siteFileFor(root, urlPath);

  /** Allows exactly the inline scripts the build recorded for this page, and no others. */
  function allowPageScripts(reply: FastifyReply, page: string) {
    const hashes = cspHashes[page];
    const policy = reply.getHeader('content-security-policy');
    if (!hashes || hashes.length === 0 || typeof policy !== 'string') return;
    reply.header(
      'content-security-policy',
      policy.replace(/script-src 'self'/, `script-src 'self' ${hashes.join(' ')}`),
    );
  }

  async function send(request: FastifyRequest, reply: FastifyReply, file: string, status = 200) {
    const page = file.split(path.sep).join('/');
    const urlPath = `/${page}`;
    reply
      .code(status)
      .header('cache-control', status === 200 ? cacheControlFor(urlPath) : 'no-cache');
    if (page === SPECULATION_RULES_FILE) {
      // Chromium refuses speculation rules of any other media type.
      return reply
        .type('application/speculationrules+json')
        .send(await fs.promises.readFile(path.join(root, file)));
    }
    if (!page.endsWith('.html')) {
      // Scripts and styles may come from their precompressed twin, so caches must key on it.
      return reply.header('vary', 'Accept-Encoding').sendFile(file, root);
    }
    allowPageScripts(reply, page);
    // Chromium prefetches or prerenders a page of this site when the pointer rests on its link.
    reply.header('speculation-rules', `"/${SPECULATION_RULES_FILE}"`);
    // A page differs for a signed-in member of staff: the staff menu's loader is added.
    reply.header('vary', 'Accept-Encoding, Cookie');
    const drawn = status === 200 ? await opts.requestRender?.page(root, page) : null;
    if (drawn) {
      // Drawn from public data only, the same for every visitor; revalidated by its ETag.
      reply.header('etag', drawn.etag);
      if (request.headers['if-none-match'] === drawn.etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(drawn.body);
    }
    if (request.cookies?.[STAFF_HINT_COOKIE] === '1') {
      const staffPage = withStaffLoader(await fs.promises.readFile(path.join(root, file), 'utf8'));
      if (staffPage !== null) {
        return reply
          .header('cache-control', 'private, no-cache')
          .type('text/html; charset=utf-8')
          .send(staffPage);
      }
    }
    return reply.sendFile(file, root);
  }

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    const rawPath = request.url.split('?')[0] ?? '/';
    const urlPath = safeDecode(rawPath);
    if (urlPath === null) return reply.code(400).send({ detail: 'The request URL is malformed.' });
    // The catch-all route also sees unknown /api paths: answer them like every other 404.
    if (isApiPath(urlPath)) return reply.callNotFound();
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The site has not been built yet. Run `npm run build`, or use `npm start`, which builds it.',
        );
    }

    if (isInternalFile(urlPath)) return notFoundPage(request, reply);

    // One canonical URL per page: Gatsby is configured with trailingSlash "never". A path that
    // would redirect off the site ("//evil.example/") is simply not found.
    if (urlPath.length > 1 && urlPath.endsWith('/')) {
      const target = rawPath.replace(/\/+$/, '') + request.url.slice(rawPath.length);
      return staysOnSite(target) ? reply.redirect(target, 301) : notFoundPage(request, reply);
    }

    // A section's not-found page is no page of its own: its address answers 404 like the
    // addresses it stands in for.
    const file = notFoundPages.some((n) => n.page === urlPath) ? null : fileFor(urlPath);
    if (file) return send(request, reply, file);

    const client = matchPaths.find((m) => matchesPath(m.matchPath, urlPath));
    if (client) {
      const page = fileFor(client.path);
      if (page) return send(request, reply, page);
    }
    return notFoundPage(request, reply, urlPath);
  }

  /** The not-found page of the address's section if it has one, else /404.html; status 404. */
  function notFoundPage(request: FastifyRequest, reply: FastifyReply, urlPath?: string) {
    const section =
      urlPath === undefined
        ? undefined
        : notFoundPages.find((n) => matchesPath(n.matchPath, urlPath));
    const page = section ? fileFor(section.page) : null;
    if (page) return send(request, reply, page, 404);
    if (fileFor('/404.html')) return send(request, reply, '404.html', 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Page not found');
  }

  app.get('/*', serve);
  app.get('/', serve);
}
