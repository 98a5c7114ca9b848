import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where an island's entry lives: one file per island, named after it. */
export const ISLAND_ENTRY_DIR = 'src/islands';

/**
 * Islands whose entry runs no React (the not-found page's console line): they stay out of the
 * chunk the other islands share, so they load a few kilobytes, not the shared code.
 */
export const STANDALONE_ISLANDS: readonly string[] = ['not-found-log'];

/** The webpack entry name of an island. */
export const entryName = (island: string) => `island-${island}`;

/** The islands of the site, from the entry files' names. */
export function islandNames(siteDir: string): string[] {
  return readdirSync(path.join(siteDir, ISLAND_ENTRY_DIR))
    .filter((file) => /^[a-z][a-z0-9-]*\.tsx$/.test(file))
    .map((file) => file.slice(0, -'.tsx'.length))
    .sort();
}

/** What the page render needs from the browser build: the loader's address. */
export interface IslandsManifest {
  loader: string;
}

/** Written by the browser build for the page render, in a folder of this plugin's own. */
export const manifestPath = (siteDir: string) => path.join(siteDir, '.islands', 'manifest.json');

export function writeManifest(siteDir: string, manifest: IslandsManifest): void {
  mkdirSync(path.dirname(manifestPath(siteDir)), { recursive: true });
  writeFileSync(manifestPath(siteDir), JSON.stringify(manifest));
}

export function readManifest(siteDir: string): IslandsManifest {
  const parsed = JSON.parse(readFileSync(manifestPath(siteDir), 'utf8')) as IslandsManifest;
  if (typeof parsed.loader !== 'string' || !parsed.loader.startsWith('/islands/loader-')) {
    throw new Error(`islands: ${manifestPath(siteDir)} names no loader; build the site again.`);
  }
  return parsed;
}

/**
 * The loader's code with each island's files filled in (JSON is a JavaScript expression; the
 * files are the build's own hashed names), minified, and the address it is published under.
 */
export function buildLoader(
  template: string,
  files: Record<string, string[]>,
  minify: (code: string) => string,
): { code: string; file: string } {
  const slot = 'var FILES = ISLAND_FILES;';
  if (!template.includes(slot)) throw new Error(`islands: loader.js lost "${slot}"`);
  const code = minify(template.replace(slot, () => `var FILES = ${JSON.stringify(files)};`));
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 20);
  return { code, file: `islands/loader-${hash}.js` };
}

/**
 * The site's speculation rules (the server names them in every page's Speculation-Rules header):
 * when the pointer rests on a link to a document page, Chromium prerenders it, so the move is a
 * page already drawn; a link to an app page is prefetched only (it acts on the session).
 */
export function speculationRules(appPagePrefixes: readonly string[]): object {
  const appPages = appPagePrefixes.flatMap((prefix) => [prefix, `${prefix}/*`]);
  const notFiles = ['/api/*', '/*.json', '/*.xml', '/*.txt', '/tools/*', '/static/*'];
  return {
    prerender: [
      {
        source: 'document',
        where: {
          and: [{ href_matches: '/*' }, { not: { href_matches: [...appPages, ...notFiles] } }],
        },
        eagerness: 'moderate',
      },
    ],
    prefetch: [
      {
        source: 'document',
        where: { and: [{ href_matches: appPages }, { not: { href_matches: notFiles } }] },
        eagerness: 'moderate',
      },
    ],
  };
}
