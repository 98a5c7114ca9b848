import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import type { Configuration } from 'webpack';
import { CSP_MANIFEST, pageScripts } from './csp';
import { deferPageScripts } from './deferred-scripts';
import { precompressAssets } from './precompress';
import { type MinifierClass, productionWebpackConfig } from './webpack';

/** Production bundles: no source maps, SWC as the minifier (see ./webpack.ts). */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  getConfig,
  plugins,
  actions,
}) => {
  // Gatsby's JavaScript minifier factory builds a terser-webpack-plugin; its class is the one the
  // config's minimizer is an instance of.
  const Minifier = (plugins.minifyJs() as object).constructor as MinifierClass;
  const config = productionWebpackConfig(stage, getConfig() as Configuration, Minifier);
  if (config) actions.replaceWebpackConfig(config);
};

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // _gatsby/ holds the slice templates Gatsby stitches from, not pages.
    if (entry.isDirectory() && entry.name !== '_gatsby') yield* htmlFiles(full);
    else if (entry.isFile() && entry.name.endsWith('.html')) yield full;
  }
}

/**
 * After the build, for every page:
 * - its scripts are requested once it has painted and the chunk map moves to a cached file (see
 *   ./deferred-scripts.ts); a page an incremental build left untouched already has the loader and
 *   gets the current one;
 * - the hashes of its own inline scripts go into .cache/csp-hashes.json, which the server sends
 *   in the page's Content-Security-Policy (./csp.ts); an inline script inside the page content
 *   stops the build.
 * Then scripts and styles get a Brotli-11 twin (./precompress.ts).
 *
 * The rewrite depends on the HTML Gatsby writes (gatsby is pinned to a minor version for it): if it
 * finds no page to rewrite, the build stops instead of shipping pages without their scripts.
 *
 * DEFER_SCRIPTS=off leaves Gatsby's script tags and inline chunk map as Gatsby wrote them (hashes
 * and Brotli twins are still made), so the benchmarks can measure the pages with and without the
 * rewrite (bench/lighthouse.mjs --compare-defer). Unset or "on" rewrites.
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter, store }) => {
  const setting = process.env.DEFER_SCRIPTS ?? 'on';
  if (setting !== 'on' && setting !== 'off') {
    reporter.panicOnBuild(`delivery: DEFER_SCRIPTS must be "on" or "off" (got "${setting}").`);
    return;
  }
  const defer = setting === 'on';
  const siteDir = (store.getState() as { program: { directory: string } }).program.directory;
  const publicDir = path.join(siteDir, 'public');
  const written = new Set<string>();
  const manifest: Record<string, string[]> = {};
  let pages = 0;
  let loaded = 0;
  for await (const file of htmlFiles(publicDir)) {
    pages += 1;
    const original = await readFile(file, 'utf8');
    const { html, chunkMap } = defer
      ? deferPageScripts(original)
      : { html: original, chunkMap: null };
    if (html.includes('<script id="deferred-scripts">')) loaded += 1;
    if (chunkMap && !written.has(chunkMap.fileName)) {
      await writeFile(path.join(publicDir, chunkMap.fileName), chunkMap.source);
      written.add(chunkMap.fileName);
    }
    if (html !== original) await writeFile(file, html);
    const relative = path.relative(publicDir, file).split(path.sep).join('/');
    const scripts = pageScripts(html);
    if (scripts.stray.length > 0) {
      reporter.panicOnBuild(
        `delivery: public/${relative} has an inline script inside its content ("${scripts.stray[0]}…"); no part of this site writes one there, so the page is not published.`,
      );
    }
    manifest[relative] = scripts.hashes;
  }
  if (defer && pages > 0 && loaded === 0) {
    reporter.panicOnBuild(
      'delivery: the deferred-scripts rewrite matched no page: the HTML Gatsby writes has changed; update plugins/delivery/deferred-scripts.ts for it.',
    );
  }
  await mkdir(path.join(siteDir, '.cache'), { recursive: true });
  await writeFile(path.join(siteDir, '.cache', CSP_MANIFEST), JSON.stringify(manifest));
  const compressed = await precompressAssets(publicDir);
  reporter.info(
    `delivery: ${defer ? '' : 'DEFER_SCRIPTS=off, '}${loaded} of ${pages} pages load their scripts after painting, chunk map ${[...written].join(', ') || 'unchanged'}, ${Object.keys(manifest).length} pages' script hashes in .cache/${CSP_MANIFEST}, ${compressed} assets precompressed (Brotli 11)`,
  );
};
