import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { IAdapter } from 'gatsby';
import {
  IMMUTABLE,
  SITE_MANIFEST_FILE,
  type SiteManifest,
  SOCIAL_CARD_FOLDER,
} from '@site/contracts';
import { pageScripts } from './csp';

/** What Gatsby hands an adapter's adapt(). */
type IAdaptContext = Parameters<IAdapter['adapt']>[0];
type StaticRoute = Extract<IAdaptContext['routesManifest'][number], { type: 'static' }>;
type Headers = StaticRoute['headers'];

/** The routes manifest names files as "public/…"; the manifest names them relative to public/. */
const PUBLIC = 'public/';

function cacheControlOf(headers: Headers): string | undefined {
  return headers.find((header) => header.key.toLowerCase() === 'cache-control')?.value;
}

/** A route path with a wildcard or a parameter: a client-only route (Gatsby's matchPath). */
function isPattern(routePath: string): boolean {
  return routePath.includes('*') || routePath.split('/').some((part) => part.startsWith(':'));
}

/**
 * The manifest of one build, from what Gatsby's adapter API hands over: every static route (a
 * file Gatsby wrote into public/, with its headers), the header routes (headers for whole
 * folders, as "/static/*"), and the page files themselves, whose inline scripts are hashed for
 * the Content-Security-Policy (./csp.ts). `readPage` reads a file of the built site by its path
 * relative to public/. Returns the manifest and the pages that hold an inline script inside
 * their content, which must not be published.
 */
export async function buildSiteManifest(
  routes: IAdaptContext['routesManifest'],
  headerRoutes: IAdaptContext['headerRoutes'],
  readPage: (file: string) => Promise<string>,
): Promise<{ manifest: SiteManifest; stray: { page: string; script: string }[] }> {
  const manifest: SiteManifest = {
    clientOnlyRoutes: [],
    cacheControl: { files: {}, folders: {} },
    scriptHashes: {},
  };
  const stray: { page: string; script: string }[] = [];
  for (const route of headerRoutes) {
    const value = cacheControlOf(route.headers);
    // "/static/*" → "static/"; "/*" is every file, the default a reader already applies.
    if (value !== undefined && route.path.endsWith('/*') && route.path !== '/*') {
      manifest.cacheControl.folders[route.path.slice(1, -1)] = value;
    }
  }
  // The social cards (written after the pages, so in no route of Gatsby's) are named by a hash
  // of everything they show and of the drawing's version: a changed card has a new address, so
  // an address's bytes never change and browsers and networks may keep them for good.
  manifest.cacheControl.folders[`${SOCIAL_CARD_FOLDER.replace(/^\//, '')}/`] = IMMUTABLE;
  for (const route of routes) {
    if (route.type !== 'static' || !route.filePath.startsWith(PUBLIC)) continue;
    const file = route.filePath.slice(PUBLIC.length);
    // A client-only page's one route is its pattern; the page file is still hashed below.
    if (isPattern(route.path))
      manifest.clientOnlyRoutes.push({ matchPath: route.path, page: file });
    const value = cacheControlOf(route.headers);
    if (value !== undefined) manifest.cacheControl.files[file] = value;
    // _gatsby/ holds the slice templates Gatsby stitches pages from, not pages.
    if (file.endsWith('.html') && !file.startsWith('_gatsby/')) {
      const scripts = pageScripts(await readPage(file));
      manifest.scriptHashes[file] = scripts.hashes;
      for (const script of scripts.stray) stray.push({ page: file, script });
    }
  }
  return { manifest, stray };
}

/**
 * The site's Gatsby adapter: after `gatsby build`, it writes site-manifest.json beside public/
 * (SITE_MANIFEST_FILE): the client-only routes, each file's Cache-Control as Gatsby assigns it,
 * and each page's inline-script hashes. The server (server/src/plugins/static-site.ts),
 * scripts/build-site-aside.mjs and the development server read that file and nothing of
 * Gatsby's .cache/. A page with an inline script inside its content stops the build: no part of
 * this site writes one there, so it would be injected markup.
 */
export function siteAdapter(): IAdapter {
  return {
    name: 'site-adapter',
    config: () => ({
      // Gatsby's own server-side functions, SSR and DSG are not used: every page is prebuilt.
      excludeDatastoreFromEngineFunction: false,
      supports: { pathPrefix: false, trailingSlash: ['never'] },
    }),
    async adapt({ routesManifest, headerRoutes, reporter }) {
      // Gatsby runs in the site's folder and builds into its public/ (the adapter API's paths
      // are relative to it).
      const siteDir = process.cwd();
      const publicDir = path.join(siteDir, 'public');
      const { manifest, stray } = await buildSiteManifest(routesManifest, headerRoutes, (file) =>
        readFile(path.join(publicDir, file), 'utf8'),
      );
      const first = stray[0];
      if (first) {
        reporter.panic(
          `site-adapter: public/${first.page} has an inline script inside its content ("${first.script}…"); no part of this site writes one there, so the page is not published.`,
        );
        return;
      }
      await writeFile(path.join(siteDir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
      reporter.info(
        `site-adapter: ${SITE_MANIFEST_FILE} written: ${manifest.clientOnlyRoutes.length} client-only routes, ${Object.keys(manifest.scriptHashes).length} pages' script hashes, ${Object.keys(manifest.cacheControl.files).length} files' cache headers`,
      );
    },
  };
}
