import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_PAGE, type SectionNotFoundPage, SPECULATION_RULES_FILE } from '@site/contracts';
import { matchesPath } from '../lib/match-path';
import type { DrawnPage, RequestRender } from '../lib/request-render';
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
} from '@site/contracts/static-rules';
import { withStaffLoader } from '../lib/staff-loader';
import { carriesToken } from '../lib/token-address';
import { STAFF_HINT_COOKIE } from './auth';

/** What a page drawn for one visitor, or asked for with a token, may be kept as: nowhere. */
const PRIVATE = 'private, no-store';

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
  notFoundPages?: readonly NotFoundPage[];
  /** Lets the publisher point the plugin at a freshly built site without a restart. */
  handle?: SiteHandle;
  /** Draws the request-time slots of app pages (/giveaway's list, a giveaway) into the served HTML. */
  requestRender?: RequestRender;
  /**
   * One visitor's state a page is drawn with (the entry just made with the form sent as a page),
   * or undefined for the page every visitor gets (either may come as a promise). A page drawn
   * with it is private and not kept.
   */
  requestExtra?: (request: FastifyRequest, urlPath: string) => unknown;
  /** Receives the function that answers a request with a page drawn with such a state. */
  onDrawPage?: (draw: DrawPage) => void;
  /**
   * A file of the site drawn at request time in the place of the built one (the feed and the
   * sitemap with posts published after the served build), or null to serve the file as built.
   */
  drawnFile?: (urlPath: string) => Promise<{ body: string; type: string } | null>;
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

  /** The folder switched to last, or null while the site first given is served. */
  get serving(): string | null {
    return this.current;
  }

  /** Called by the plugin; a switch requested before the plugin started is applied now. */
  attach(listener: (siteDir: string) => void): void {
    this.listener = listener;
    if (this.pending !== null) listener(this.pending);
    this.pending = null;
  }
}

/** A section's not-found page: `matchPath` like Gatsby's ("/blog/*"), `page` its address. */
export type NotFoundPage = SectionNotFoundPage;

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

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    status = 200,
  ): Promise<FastifyReply> {
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
    // Chromium prefetches or prerenders a page of this site when the pointer rests on its link.
    reply.header('speculation-rules', `"/${SPECULATION_RULES_FILE}"`);
    // A page differs for a signed-in member of staff: the staff menu's loader is added, and an
    // app page that a document page stands in for is served to staff only.
    reply.header('vary', 'Accept-Encoding, Cookie');
    const urlPath = decodeUrlPath(request.url.split('?')[0] ?? '/') ?? '';
    const staff = request.cookies?.[STAFF_HINT_COOKIE] === '1';
    if (status === 200) {
      // A visitor without a session gets the document page that stands in for this app page,
      // when there is one and it can be drawn; otherwise (and staff always) the app page. An id
      // that names nothing (a giveaway that does not exist) is not found, for staff too.
      const standIn = staff ? null : (opts.requestRender?.documentFor(root, page, urlPath) ?? null);
      // This visitor's state, asked once for whichever of the two is drawn.
      const extra: unknown = await opts.requestExtra?.(request, urlPath);
      for (const candidate of standIn ? [standIn, page] : [page]) {
        const sent = await sendDrawn(request, reply, candidate, urlPath, extra);
        if (sent === 'missing') return notFoundPage(request, reply);
        if (sent) return reply;
      }
    }
    allowPageScripts(reply, page);
    // A page asked for with a mailed link's token in its address is that person's alone.
    if (carriesToken(request.url)) reply.header('cache-control', PRIVATE);
    if (staff) {
      const staffPage = withStaffLoader(await fs.promises.readFile(path.join(root, file), 'utf8'));
      if (staffPage !== null) {
        return reply
          .header('cache-control', carriesToken(request.url) ? PRIVATE : 'private, no-cache')
          .type('text/html; charset=utf-8')
          .send(staffPage);
      }
    }
    return reply.sendFile(file, root);
  }

  /**
   * Sends `page` drawn at request time (its slot), for this visitor's state `extra` when the
   * request carries one (private), else as every visitor gets it (revalidated by its ETag). False, with nothing
   * sent, when it has no slot for `urlPath` or cannot be drawn; 'missing', with nothing sent, when
   * `urlPath` names an id that the API knows nothing about. (Not the reply: a reply is a thenable,
   * and awaiting one waits for the answer to finish and yields undefined.)
   */
  async function sendDrawn(
    request: FastifyRequest,
    reply: FastifyReply,
    page: string,
    urlPath: string,
    extra: unknown,
  ): Promise<boolean | 'missing'> {
    const search = request.url.split('?')[1] ?? '';
    if (extra !== undefined) {
      const mine = await opts.requestRender?.page(root, page, urlPath, extra, search);
      if (mine?.missing) return 'missing';
      if (mine) {
        allowPageScripts(reply, page);
        sendPrivate(reply, mine.body);
        return true;
      }
    }
    const drawn = await opts.requestRender?.page(root, page, urlPath, undefined, search);
    if (drawn?.missing) return 'missing';
    if (!drawn) return false;
    allowPageScripts(reply, page);
    if (carriesToken(request.url)) {
      sendPrivate(reply, drawn.body);
      return true;
    }
    sendDrawnPage(request, reply, drawn);
    return true;
  }

  /** A page drawn from public data only, the same for every visitor; revalidated by its ETag. */
  function sendDrawnPage(request: FastifyRequest, reply: FastifyReply, drawn: DrawnPage) {
    if (drawn.status !== undefined) {
      reply.code(drawn.status).header('cache-control', NOT_FOUND_CACHE_CONTROL);
    }
    reply.header('etag', drawn.etag);
    if (request.headers['if-none-match'] === drawn.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(drawn.body);
  }

  /**
   * An address of a section whose not-found page has a slot for it (/blog/{slug}): drawn from
   * what was published after the served build (a post not yet built, or built as it was before,
   * or taken down), whether or not the build has a file for it; null when there is nothing newer
   * than the build, and the address is served as built.
   */
  async function drawnInSection(
    urlPath: string,
  ): Promise<{ page: string; drawn: DrawnPage } | null> {
    if (!opts.requestRender) return null;
    const section = notFoundPages.find((n) => matchesPath(n.matchPath, urlPath));
    const file = section ? fileFor(section.page) : null;
    if (!file) return null;
    const page = file.split(path.sep).join('/');
    const drawn = await opts.requestRender.page(root, page, urlPath);
    return drawn ? { page, drawn } : null;
  }

  /** A page drawn for one visitor: neither shared caches nor the browser's keep it. */
  function sendPrivate(reply: FastifyReply, body: string) {
    return reply.header('cache-control', PRIVATE).type('text/html; charset=utf-8').send(body);
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
    const appPage = file?.split(path.sep).join('/');
    // For a visitor without a session, the document page standing in for the app page.
    const standIn =
      appPage && request.cookies?.[STAFF_HINT_COOKIE] !== '1'
        ? (opts.requestRender?.documentFor(root, appPage, urlPath) ?? null)
        : null;
    const page = standIn ?? appPage;
    const drawn = page ? await opts.requestRender?.page(root, page, urlPath, extra) : null;
    // Nothing to draw it with (a site built without the slot, or a giveaway gone): the page is
    // asked for again.
    if (!page || !drawn || drawn.missing) return reply.redirect(urlPath, 303);
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

    const drawnFile = await opts.drawnFile?.(urlPath).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a drawn file could not be made; served as built');
      return null;
    });
    if (drawnFile) {
      const etag = `"df-${createHash('sha256').update(drawnFile.body).digest('base64url').slice(0, 27)}"`;
      reply.code(200).header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(drawnFile.type).send(drawnFile.body);
    }

    const inSection = await drawnInSection(urlPath);
    if (inSection) {
      reply.code(200).header('cache-control', 'no-cache');
      allowPageScripts(reply, inSection.page);
      reply.header('speculation-rules', `"/${SPECULATION_RULES_FILE}"`);
      reply.header('vary', 'Accept-Encoding, Cookie');
      return sendDrawnPage(request, reply, inSection.drawn);
    }

    // A section's not-found page is no page of its own: its address answers 404 like the
    // addresses it stands in for.
    const file = notFoundPages.some((n) => n.page === urlPath) ? null : fileFor(urlPath);
    // A document page that stands in for an app page is served only at the app page's address.
    if (file && opts.requestRender?.isStandIn(root, file.split(path.sep).join('/')))
      return notFoundPage(request, reply, urlPath);
    if (file) return send(request, reply, file);

    const client = manifest.clientOnlyRoutes.find((m) => matchesPath(m.matchPath, urlPath));
    if (client) {
      const page = fileFor(`/${client.page}`);
      if (page) return send(request, reply, page);
    }
    return notFoundPage(request, reply, urlPath);
  }

  /** The not-found page of the address's section if it has one, else /404.html; status 404. */
  function notFoundPage(
    request: FastifyRequest,
    reply: FastifyReply,
    urlPath?: string,
  ): Promise<FastifyReply> | FastifyReply {
    const section =
      urlPath === undefined
        ? undefined
        : notFoundPages.find((n) => matchesPath(n.matchPath, urlPath));
    const page = section ? fileFor(section.page) : null;
    if (page) return send(request, reply, page, 404);
    const fallback = fileFor(NOT_FOUND_PAGE);
    if (fallback) return send(request, reply, fallback, 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Page not found');
  }

  app.get('/*', serve);
  app.get('/', serve);
}
