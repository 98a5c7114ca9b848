import fs from 'node:fs';
import path from 'node:path';
import {
  IMMUTABLE,
  isSiteManifest,
  REVALIDATE,
  SITE_MANIFEST_FILE,
  type SiteManifest,
} from './site-build';

/**
 * The rules for serving a built site's files, in one place for the three programs that serve
 * them: the server (server/src/plugins/static-site.ts), `gatsby develop`'s tools route
 * (plugins/dev-tools/serve-tools.ts) and the benchmark's static server (bench/lab/static-server.mjs).
 * Dependency-free on purpose (Node's own modules only), so that each of them can load it. It reads
 * files, so it is not part of the package's entry (which browser code may import types from):
 * it is imported as `@site/contracts/static-rules`.
 */

export {
  EMPTY_MANIFEST,
  IMMUTABLE,
  NOT_FOUND_CACHE_CONTROL,
  REVALIDATE,
  SITE_MANIFEST_FILE,
  type SiteManifest,
} from './site-build';

/** Where the manifest of the site built into `siteDir` (a public/ folder) lives: beside it. */
export function siteManifestPath(siteDir: string): string {
  return path.join(path.dirname(path.resolve(siteDir)), SITE_MANIFEST_FILE);
}

/** The manifest beside `siteDir`, or null when there is none (or it is not a manifest). */
export function readSiteManifest(siteDir: string): SiteManifest | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(siteManifestPath(siteDir), 'utf8')) as unknown;
    return isSiteManifest(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Webpack chunks and CSS named with a content hash, e.g. app-2f1c0a9e8b7d6c5b4a39.js. */
const HASHED_ASSET = /[-.][0-9a-f]{16,}\.(js|css|map)$/;

/**
 * The Cache-Control of `file` (relative to the site folder, "/" separators): as the build's
 * manifest says. `manifest` null is a Gatsby site built without this site's adapter (only the
 * benchmark's peer blog): there, Gatsby's documented defaults apply (hashed assets and /static/
 * forever, the rest revalidated).
 */
export function cacheControlFor(file: string, manifest: SiteManifest | null): string {
  if (manifest === null) {
    return file.startsWith('static/') || HASHED_ASSET.test(file) ? IMMUTABLE : REVALIDATE;
  }
  const exact = manifest.cacheControl.files[file];
  if (exact !== undefined) return exact;
  let best: string | undefined;
  let bestLength = -1;
  for (const [folder, value] of Object.entries(manifest.cacheControl.folders)) {
    if (file.startsWith(folder) && folder.length > bestLength) {
      best = value;
      bestLength = folder.length;
    }
  }
  return best ?? REVALIDATE;
}

/** The percent-decoded path of a request URL, or null when it is malformed or holds a NUL. */
export function decodeUrlPath(rawPath: string): string | null {
  try {
    const decoded = decodeURIComponent(rawPath);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/**
 * Build by-products that no page loads and that show how the site is made: source maps, the
 * webpack stats, Gatsby's chunk map, and any dot-file or dot-folder. The build moves the stats
 * and the chunk map out of the served folder (plugins/build-internals); this rule stays for a
 * folder built before that. Decided on the path as the file system will read it: `urlPath` is
 * already percent-decoded, and is normalised here the way the file lookup joins it (`//x`,
 * `/a/../x` and `/./x` are `/x`).
 */
const INTERNAL = /\.map$|^\/(?:webpack\.stats|chunk-map)\.json$|\/\./;

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

/**
 * One canonical URL per page (Gatsby's trailingSlash "never"): for a decoded path that ends in
 * "/", the same URL without it (query kept) when that stays on the site, `false` when it would
 * leave it ("//evil.example/"), and null when no redirect applies.
 */
export function canonicalRedirect(
  urlPath: string,
  rawPath: string,
  url: string,
): string | false | null {
  if (urlPath.length <= 1 || !urlPath.endsWith('/')) return null;
  const target = rawPath.replace(/\/+$/, '') + url.slice(rawPath.length);
  return staysOnSite(target) ? target : false;
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

/** Media types of the files a built site holds; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
};

export function contentTypeFor(file: string): string {
  return TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/**
 * Scripts and styles have a Brotli-11 twin `<file>.br` written by the build (plugins/precompress);
 * a browser whose Accept-Encoding names br gets it. Returns the twin's path, or null.
 */
export function brotliTwin(file: string, acceptEncoding: string | undefined): string | null {
  if (!/\bbr\b/.test(acceptEncoding ?? '')) return null;
  return fs.existsSync(`${file}.br`) ? `${file}.br` : null;
}
