/**
 * What the site build (Gatsby, its local plugins in plugins/) and the programs that serve its
 * output (the Fastify server, `gatsby develop`'s tools route, the benchmark's static server) agree
 * on: the files the build leaves for the server and their shapes, the elements the build writes
 * into pages for the server to find, the not-found pages, and which pages are app pages.
 *
 * Dependency-free (no Node module, no schema code): browser code imports it as
 * `@site/contracts/site-build`, build plugins and the server through `@site/contracts`.
 */

// ---------------------------------------------------------------------------------------------
// Cache headers
// ---------------------------------------------------------------------------------------------

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Not-found answers are never cached: the address may be a page after the next build. */
export const NOT_FOUND_CACHE_CONTROL = 'no-cache';

// ---------------------------------------------------------------------------------------------
// The site manifest (written by plugins/site-adapter beside public/)
// ---------------------------------------------------------------------------------------------

/** The manifest the site's Gatsby adapter (plugins/site-adapter) writes beside public/. */
export const SITE_MANIFEST_FILE = 'site-manifest.json';

/** What the build tells the programs that serve it, read from Gatsby's adapter API. */
export interface SiteManifest {
  /**
   * Client-only routes: an address matching `matchPath` (Gatsby's pattern: literal segments,
   * `:param` and a trailing `*`) is answered by the page file `page` (relative to public/).
   */
  clientOnlyRoutes: { matchPath: string; page: string }[];
  /**
   * Cache-Control of each file the build wrote (relative to public/, "/" separators), and of
   * whole folders ("static/": every file below it); a file in neither revalidates.
   */
  cacheControl: { files: Record<string, string>; folders: Record<string, string> };
  /** Page file (relative to public/) → CSP source expressions ('sha256-…') of its inline scripts. */
  scriptHashes: Record<string, string[]>;
}

export const EMPTY_MANIFEST: SiteManifest = {
  clientOnlyRoutes: [],
  cacheControl: { files: {}, folders: {} },
  scriptHashes: {},
};

/** True when `parsed` (a parsed site-manifest.json) has the manifest's shape. */
export function isSiteManifest(parsed: unknown): parsed is SiteManifest {
  if (typeof parsed !== 'object' || parsed === null) return false;
  const manifest = parsed as Partial<SiteManifest>;
  return (
    Array.isArray(manifest.clientOnlyRoutes) &&
    typeof manifest.cacheControl?.files === 'object' &&
    typeof manifest.cacheControl?.folders === 'object' &&
    typeof manifest.scriptHashes === 'object'
  );
}

/** The site's speculation rules, written by the build (plugins/islands) beside the pages. */
export const SPECULATION_RULES_FILE = 'speculation-rules.json';

// ---------------------------------------------------------------------------------------------
// The request-render manifest (written by plugins/request-render, read by the server)
// ---------------------------------------------------------------------------------------------

/**
 * The folder of the built site (public/) that holds the request-time slots' modules and their
 * manifest: a dot-folder, which the server never serves.
 */
export const REQUEST_RENDER_DIR = '.request-render';
/** The manifest's file name in REQUEST_RENDER_DIR. */
export const REQUEST_RENDER_MANIFEST_FILE = 'manifest.json';
/**
 * The home page's latest posts as built, relative to public/ (plugins/blog writes it; the
 * home-latest slot's seed, and what the server's drawn pages start from).
 */
export const HOME_LATEST_SEED = `${REQUEST_RENDER_DIR}/home-latest.json`;

/** The site's metadata (gatsby-config.ts), for the head of a page the server draws whole. */
export interface RequestRenderSite {
  title: string;
  description: string;
  siteUrl: string;
}

/** One request-time slot of a built page, as the manifest names it. */
export interface RequestRenderSlot {
  name: string;
  /** The built page's file, relative to the site: "giveaway/index.html". */
  pageFile: string;
  /** The slot's compiled module, relative to the manifest's folder. */
  module: string;
  /** The public API address its data comes from ("{id}" from the path). */
  data: string;
  /** The addresses of the page it is drawn for ("/giveaway/:id"); every one when absent. */
  path?: string;
  /** A query parameter passed on to `data` when its value is an id ("version"). */
  query?: string;
  /** The built file, relative to the site, whose `result.data` draws the prebuilt state. */
  seed?: string;
  /**
   * The page's elements written by Gatsby's Head (data-gatsby-head), each exactly as in the
   * built page: taken out when the slot draws a head of its own.
   */
  headElements?: string[];
  /**
   * The app page's file this document page stands in for, for a visitor without a session
   * ("giveaway/[...]/index.html"); absent for a slot of the page itself.
   */
  documentFor?: string;
}

/** What the server reads to draw the slots: written by the build, read at start and on switch. */
export interface RequestRenderManifest {
  /** The head element, exactly as the page render writes it, after which styles and data go. */
  headMarker: string;
  /** The site's metadata; absent in a manifest written before it was added. */
  site?: RequestRenderSite;
  slots: RequestRenderSlot[];
}

// ---------------------------------------------------------------------------------------------
// Elements the build writes into pages for the server to find
// ---------------------------------------------------------------------------------------------

/**
 * The id of the element in the head of a page with a request-time slot after which the server
 * adds the slot's styles and its data: `<template id="request-render-head"></template>`.
 */
export const REQUEST_RENDER_HEAD_MARKER_ID = 'request-render-head';

/**
 * The id of the element a document page without islands carries where the server may add the
 * island loader for a signed-in member of staff:
 * `<template id="staff-island-loader" data-src="/islands/loader-<hash>.js"></template>`.
 */
export const STAFF_LOADER_MARKER_ID = 'staff-island-loader';

// ---------------------------------------------------------------------------------------------
// Not-found pages
// ---------------------------------------------------------------------------------------------

/** The site's not-found page (Gatsby's 404 page), for any unknown address outside a section. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * The "Post Not Found" page for any address under /blog/ that is no post: a static page the
 * blog plugin builds once (src/features/blog/lib/not-found.ts tells why). The path ends in .html
 * so it can never be a post slug (slugs are letters, digits and dashes).
 */
export const POST_NOT_FOUND_PAGE = '/blog/404.html';

/**
 * Not-found pages of a section: an address matching `matchPath` (Gatsby's pattern) that is no
 * file of the site gets the HTML of `page` with status 404, and so does `page`'s own address.
 */
export interface SectionNotFoundPage {
  matchPath: string;
  page: string;
}

export const SECTION_NOT_FOUND_PAGES: readonly SectionNotFoundPage[] = [
  { matchPath: '/blog/*', page: POST_NOT_FOUND_PAGE },
];

// ---------------------------------------------------------------------------------------------
// The two kinds of page
// ---------------------------------------------------------------------------------------------

/**
 * App pages are full Gatsby app routes: the pages that need a session, act on a token in the
 * address or draw live data (the giveaways, login, the account and staff screens, the editor, the
 * newsletter's confirm and unsubscribe links). Every other prebuilt page is a document page: it is
 * built the same way, but served without Gatsby's runtime scripts, and only its islands (see
 * src/lib/island.tsx) load code. An app page's prefix covers the page itself and every page below
 * it.
 */
export const APP_PAGE_PREFIXES: readonly string[] = [
  '/giveaway',
  '/login',
  '/account',
  '/accept-invite',
  '/admin',
  '/blog/new',
  '/newsletter',
];

/**
 * The app pages a search engine may list (the sitemap names them): public pages that only draw
 * live data. The pages below them are not listed.
 */
export const LISTED_APP_PAGES: readonly string[] = ['/giveaway'];

/**
 * Where the document pages that stand in for app pages live: the entrant's giveaway pages, which
 * a visitor without a session gets instead of the app page (see `documentFor` in
 * contracts/src/request-slots.ts). They are document pages like any other, never linked, and the
 * server answers their own addresses with "not found".
 */
export const DOCUMENT_VARIANT_PREFIX = '/entrant-document';

/** True for a document page: a path that is neither one of the app pages nor below one. */
export function isDocumentPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !APP_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The sitemap's exclusions (gatsby-plugin-sitemap's glob patterns) for the pages no search
 * engine should list: every app page and every page below one (but the listed app pages
 * themselves), the document pages that stand in for app pages, and the not-found pages.
 */
export function unlistedPagePatterns(): string[] {
  return [
    ...APP_PAGE_PREFIXES.flatMap((prefix) =>
      LISTED_APP_PAGES.includes(prefix) ? [`${prefix}/**`] : [prefix, `${prefix}/**`],
    ),
    `${DOCUMENT_VARIANT_PREFIX}/**`,
    '/404',
    NOT_FOUND_PAGE,
    ...SECTION_NOT_FOUND_PAGES.map((section) => section.page),
  ];
}
