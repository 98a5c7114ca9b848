import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import type * as GatsbyBrowserslist from 'gatsby/dist/utils/browserslist';
import type { Configuration } from 'webpack';
import { CSP_MANIFEST, pageScripts } from './csp';
import { precompressAssets } from './precompress';
import {
  keepWebpackCache,
  type MinifierClass,
  productionWebpackConfig,
  swcForOwnModules,
  swcModuleFilter,
} from './webpack';

/**
 * Production bundles: no source maps, SWC as the minifier, TypeScript through Babel once, SWC
 * instead of Babel for the site's own modules that need none of Gatsby's Babel plugins, webpack's
 * persistent cache only with WEBPACK_CACHE=on (see ./webpack.ts).
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  getConfig,
  plugins,
  actions,
  reporter,
  store,
}) => {
  const keepCache = keepWebpackCache(process.env.WEBPACK_CACHE);
  if (keepCache === null) {
    reporter.panic(
      `delivery: WEBPACK_CACHE must be "on" or "off" (got "${process.env.WEBPACK_CACHE}").`,
    );
    return;
  }
  // Gatsby's JavaScript minifier factory builds a terser-webpack-plugin; its class is the one the
  // config's minimizer is an instance of.
  const Minifier = (plugins.minifyJs() as object).constructor as MinifierClass;
  const config = productionWebpackConfig(stage, getConfig() as Configuration, Minifier, {
    keepCache,
  });
  if (!config) return;
  const siteDir = (store.getState() as { program: { directory: string } }).program.directory;
  // Resolved from the site, as Gatsby resolves its own Babel plugins (this file runs compiled).
  const siteRequire = createRequire(path.join(siteDir, 'package.json'));
  // The browsers Gatsby's Babel compiles for: not in Gatsby's public API, but SWC must match it.
  const { getBrowsersList } = siteRequire(
    'gatsby/dist/utils/browserslist',
  ) as typeof GatsbyBrowserslist;
  actions.replaceWebpackConfig(
    swcForOwnModules(config, {
      useSwc: swcModuleFilter(siteDir, (file) => readFileSync(file, 'utf8')),
      loader: path.join(siteDir, 'plugins/delivery/swc-loader.js'),
      styledComponentsPlugin: siteRequire.resolve('@swc/plugin-styled-components'),
      cacheRoot: path.join(siteDir, 'node_modules', '.cache', 'swc'),
      targets: getBrowsersList(siteDir),
    }),
  );
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
 * After the build, the hashes of every page's own inline scripts go into .cache/csp-hashes.json,
 * which the server sends in the page's Content-Security-Policy (./csp.ts), so that only the
 * scripts the build wrote may run; an inline script inside the page content stops the build rather
 * than be published. Pages keep Gatsby's script tags and inline chunk map as Gatsby wrote them.
 * Then scripts and styles get a Brotli-11 twin (./precompress.ts).
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter, store }) => {
  const siteDir = (store.getState() as { program: { directory: string } }).program.directory;
  const publicDir = path.join(siteDir, 'public');
  const manifest: Record<string, string[]> = {};
  for await (const file of htmlFiles(publicDir)) {
    const html = await readFile(file, 'utf8');
    const relative = path.relative(publicDir, file).split(path.sep).join('/');
    const scripts = pageScripts(html);
    if (scripts.stray.length > 0) {
      reporter.panicOnBuild(
        `delivery: public/${relative} has an inline script inside its content ("${scripts.stray[0]}…"); no part of this site writes one there, so the page is not published.`,
      );
    }
    manifest[relative] = scripts.hashes;
  }
  await mkdir(path.join(siteDir, '.cache'), { recursive: true });
  await writeFile(path.join(siteDir, '.cache', CSP_MANIFEST), JSON.stringify(manifest));
  const compressed = await precompressAssets(publicDir);
  reporter.info(
    `delivery: ${Object.keys(manifest).length} pages' script hashes in .cache/${CSP_MANIFEST}, ${compressed} assets precompressed (Brotli 11)`,
  );
};
