import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchesPath } from '../lib/match-path';

export interface StaticSiteOptions {
  /** The built site (Gatsby's public/). */
  siteDir: string;
  /** Gatsby's .cache/, where the build leaves match-paths.json for client-only routes. */
  gatsbyCacheDir: string;
  /**
   * Client-only routes that exist to render a "not found" screen for unknown children
   * (e.g. /blog/* for unknown post slugs): their page is served with status 404.
   */
  notFoundMatchPaths?: string[];
  /** Lets the publisher point the plugin at a freshly built site without a restart. */
  handle?: SiteHandle;
}

/**
 * The served site's location. The plugin serves whatever folder the handle last pointed to, so a
 * rebuilt site built aside replaces the old one in a single step: requests in flight finish with
 * the old folder, the next ones read the new one, and nobody sees a half-written build.
 */
export class SiteHandle {
  private listener: ((siteDir: string, gatsbyCacheDir: string) => void) | null = null;
  private pending: [string, string] | null = null;

  /** Serves `siteDir` from now on, with the client-only routes in `gatsbyCacheDir/match-paths.json`. */
  switchTo(siteDir: string, gatsbyCacheDir: string): void {
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

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
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
 * Serves the built Gatsby site: real files first, then client-only routes (matchPath) with their
 * page, then the 404 page with status 404. Registered after the API so /api/* never reaches it.
 */
export default async function staticSite(app: FastifyInstance, opts: StaticSiteOptions) {
  let root = '';
  let built = false;
  let matchPaths: MatchPath[] = [];
  const load = (siteDir: string, gatsbyCacheDir: string) => {
    root = path.resolve(siteDir);
    built = fs.existsSync(path.join(root, 'index.html'));
    if (!built)
      app.log.warn(
        { root },
        'the site is not built: run `npm run build` (npm start does it for you)',
      );
    matchPaths = built ? readMatchPaths(gatsbyCacheDir, app.log) : [];
  };
  load(opts.siteDir, opts.gatsbyCacheDir);
  opts.handle?.attach((siteDir, gatsbyCacheDir) => {
    load(siteDir, gatsbyCacheDir);
    app.log.info({ root }, 'serving the site from a new folder');
  });
  const notFoundPatterns = new Set(opts.notFoundMatchPaths ?? []);

  await app.register(fastifyStatic, {
    root: path.resolve(opts.siteDir),
    serve: false,
    etag: true,
    lastModified: true,
    cacheControl: false,
    dotfiles: 'deny',
    // The build writes a Brotli-11 `.br` beside each script and stylesheet
    // (src/features/delivery/node/precompress.ts); browsers that accept Brotli get that file.
    // Everything else (HTML, whose CSP hashes are computed from the plain text) is compressed
    // per response by @fastify/compress.
    preCompressed: true,
  });

  function fileFor(urlPath: string): string | null {
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

  function send(reply: FastifyReply, file: string, status = 200) {
    const urlPath = `/${file.split(path.sep).join('/')}`;
    return (
      reply
        .code(status)
        .header('cache-control', status === 200 ? cacheControlFor(urlPath) : 'no-cache')
        // Scripts and styles may come from their precompressed twin, so caches must key on it.
        .header('vary', 'Accept-Encoding')
        .sendFile(file, root)
    );
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

    // One canonical URL per page: Gatsby is configured with trailingSlash "never".
    if (urlPath.length > 1 && urlPath.endsWith('/')) {
      const query = request.url.slice(rawPath.length);
      return reply.redirect(rawPath.replace(/\/+$/, '') + query, 301);
    }

    const file = fileFor(urlPath);
    if (file) return send(reply, file);

    const client = matchPaths.find((m) => matchesPath(m.matchPath, urlPath));
    if (client) {
      const page = fileFor(client.path);
      if (page) return send(reply, page, notFoundPatterns.has(client.matchPath) ? 404 : 200);
    }
    return notFoundPage(reply);
  }

  function notFoundPage(reply: FastifyReply) {
    if (fileFor('/404.html')) return send(reply, '404.html', 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Page not found');
  }

  app.get('/*', serve);
  app.get('/', serve);
}
