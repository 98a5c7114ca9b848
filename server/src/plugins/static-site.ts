import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchesPath } from '../lib/match-path';
import type { RequestRender } from '../lib/request-render';
import {
  cacheControlFor,
  canonicalRedirect,
  decodeUrlPath,
  EMPTY_MANIFEST,
  isInternalFile,
  NOT_FOUND_CACHE_CONTROL,
  readSiteManifest,
  siteFileFor,
  type SiteManifest,
  siteManifestPath,
  staysOnSite,
} from '../lib/static-rules';
import { withStaffLoader } from '../lib/staff-loader';
import { STAFF_HINT_COOKIE } from './auth';

/** The site's speculation rules, written by the build (plugins/islands) beside the pages. */
const SPECULATION_RULES_FILE = 'speculation-rules.json';

export interface StaticSiteOptions {
  /**
   * The built site (Gatsby's public/). The build's manifest (client-only routes, cache headers,
   * script hashes) is read from beside it: see siteManifestPath.
   */
  siteDir: string;
  /**
   * Not-found screens of a section: an address matching `matchPath` that is no file of the site
   * gets the HTML of `page` with status 404, and so does `page`'s own address (e.g. /blog/* →
   * /blog/404.html, the "Post Not Found" page). Other unknown addresses get /404.html.
   */
  notFoundPages?: NotFoundPage[];
  /** Lets the publisher point the plugin at a freshly built site without a restart. */
  handle?: SiteHandle;
  /** Draws the request-time slots of app pages (/giveaway's list, a giveaway) into the served HTML. */
  requestRender?: RequestRender;
  /**
   * One visitor's state a page is drawn with (the entry just made with the form sent as a page),
   * or undefined for the page every visitor gets. A page drawn with it is private and not kept.
   */
  requestExtra?: (request: FastifyRequest, urlPath: string) => unknown;
  /** Receives the function that answers a request with a page drawn with such a state. */
  onDrawPage?: (draw: DrawPage) => void;
}

/** Answers with the page at `urlPath` drawn with one visitor's state (never kept), in `status`. */
export type DrawPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  urlPath: string,
  extra: unknown,
  status: number,
) => Promise<FastifyReply>;

/**
 * The served site's location. The plugin serves whatever folder the handle last pointed to, so a
 * rebuilt site built aside replaces the old one in a single step: requests in flight finish with
 * the old folder, the next ones read the new one, and nobody sees a half-written build.
 */
export class SiteHandle {
  private listener: ((siteDir: string) => void) | null = null;
  private pending: string | null = null;
  private current: string | null = null;

  /** Serves `siteDir` from now on, with the manifest beside it. */
  switchTo(siteDir: string): void {
    // Already serving it (the builder switched, then saw its own current.json).
    if (this.current === siteDir) return;
    this.current = siteDir;
    if (this.listener) this.listener(siteDir);
    else this.pending = siteDir;
  }

  /** Called by the plugin; a switch requested before the plugin started is applied now. */
  attach(listener: (siteDir: string) => void): void {
    this.listener = listener;
    if (this.pending !== null) listener(this.pending);
    this.pending = null;
  }
}

export interface NotFoundPage {
  /** A pattern like Gatsby's matchPath: "/blog/*". */
  matchPath: string;
  /** The page's address in the built site, e.g. "/blog/404.html". */
  page: string;
}

export { isInternalFile, siteFileFor, staysOnSite };

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The manifest the build left beside `siteDir`; a built site without one is served with none. */
function loadManifest(siteDir: string, log: FastifyInstance['log']): SiteManifest {
  const manifest = readSiteManifest(siteDir);
  if (manifest) return manifest;
  log.warn(
    { file: siteManifestPath(siteDir) },
    'no site manifest beside the built site: client-only routes answer 404, pages carry no script hashes and every file revalidates until the site is built again',
  );
  return EMPTY_MANIFEST;
}

/**
 * Serves the built Gatsby site: real files first, then client-only routes (matchPath) with their
 * page, then the 404 page with status 404. Registered after the API so /api/* never reaches it.
 */
export default async function staticSite(app: FastifyInstance, opts: StaticSiteOptions) {
  let root = '';
  let built = false;
  let manifest: SiteManifest = EMPTY_MANIFEST;
  const load = (siteDir: string) => {
    root = path.resolve(siteDir);
    built = fs.existsSync(path.join(root, 'index.html'));
    if (!built)
      app.log.warn(
        { root },
        'the site is not built: run `npm run build` (npm start does it for you)',
      );
    manifest = built ? loadManifest(root, app.log) : EMPTY_MANIFEST;
  };
  load(opts.siteDir);
  opts.handle?.attach((siteDir) => {
    load(siteDir);
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
    // (plugins/precompress); browsers that accept Brotli get that file. Everything
    // else is compressed per response by @fastify/compress.
    preCompressed: true,
  });

  const fileFor = (urlPath: string) => siteFileFor(root, urlPath);

  /** Allows exactly the inline scripts the build recorded for this page, and no others. */
  function allowPageScripts(reply: FastifyReply, page: string) {
    const hashes = manifest.scriptHashes[page];
    const policy = reply.getHeader('content-security-policy');
    if (!hashes || hashes.length === 0 || typeof policy !== 'string') return;
    reply.header(
      'content-security-policy',
      policy.replace(/script-src 'self'/, `script-src 'self' ${hashes.join(' ')}`),
    );
  }

  async function send(request: FastifyRequest, reply: FastifyReply, file: string, status = 200) {
    const page = file.split(path.sep).join('/');
    reply
      .code(status)
      .header(
        'cache-control',
        status === 200 ? cacheControlFor(page, manifest) : NOT_FOUND_CACHE_CONTROL,
      );
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
    const urlPath = decodeUrlPath(request.url.split('?')[0] ?? '/') ?? '';
    const extra = status === 200 ? opts.requestExtra?.(request, urlPath) : undefined;
    if (extra !== undefined) {
      const mine = await opts.requestRender?.page(root, page, urlPath, extra);
      if (mine) return sendPrivate(reply, mine.body);
    }
    const drawn = status === 200 ? await opts.requestRender?.page(root, page, urlPath) : null;
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

  /** A page drawn for one visitor: neither shared caches nor the browser's keep it. */
  function sendPrivate(reply: FastifyReply, body: string) {
    return reply
      .header('cache-control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  /** The built page that answers `urlPath`: its file, or its client-only route's page. */
  function pageFor(urlPath: string): string | null {
    const file = fileFor(urlPath);
    if (file) return file;
    const client = manifest.clientOnlyRoutes.find((m) => matchesPath(m.matchPath, urlPath));
    return client ? fileFor(`/${client.page}`) : null;
  }

  opts.onDrawPage?.(async (request, reply, urlPath, extra, status) => {
    const file = built ? pageFor(urlPath) : null;
    const page = file?.split(path.sep).join('/');
    const drawn = page ? await opts.requestRender?.page(root, page, urlPath, extra) : null;
    // Nothing to draw it with (a site built without the slot): the page is asked for again.
    if (!page || !drawn) return reply.redirect(urlPath, 303);
    allowPageScripts(reply, page);
    reply.code(status).header('speculation-rules', `"/${SPECULATION_RULES_FILE}"`);
    return sendPrivate(reply, drawn.body);
  });

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    const rawPath = request.url.split('?')[0] ?? '/';
    const urlPath = decodeUrlPath(rawPath);
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

    // One canonical URL per page; a path that would redirect off the site is simply not found.
    const canonical = canonicalRedirect(urlPath, rawPath, request.url);
    if (canonical === false) return notFoundPage(request, reply);
    if (canonical !== null) return reply.redirect(canonical, 301);

    // A section's not-found page is no page of its own: its address answers 404 like the
    // addresses it stands in for.
    const file = notFoundPages.some((n) => n.page === urlPath) ? null : fileFor(urlPath);
    if (file) return send(request, reply, file);

    const client = manifest.clientOnlyRoutes.find((m) => matchesPath(m.matchPath, urlPath));
    if (client) {
      const page = fileFor(`/${client.page}`);
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
