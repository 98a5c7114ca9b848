import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import type * as GatsbyBrowserslist from 'gatsby/dist/utils/browserslist';
import type { Configuration } from 'webpack';
import {
  keepWebpackCache,
  type MinifierClass,
  productionWebpackConfig,
  swcForOwnModules,
  swcModuleFilter,
} from './webpack';
import { siteDirectory } from '../lib/site-dir';

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
      `webpack-settings: WEBPACK_CACHE must be "on" or "off" (got "${process.env.WEBPACK_CACHE}").`,
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
  const siteDir = siteDirectory(store);
  // Resolved from the site, as Gatsby resolves its own Babel plugins (this file runs compiled).
  const siteRequire = createRequire(path.join(siteDir, 'package.json'));
  // The browsers Gatsby's Babel compiles for: not in Gatsby's public API, but SWC must match it.
  const { getBrowsersList } = siteRequire(
    'gatsby/dist/utils/browserslist',
  ) as typeof GatsbyBrowserslist;
  actions.replaceWebpackConfig(
    swcForOwnModules(config, {
      useSwc: swcModuleFilter(siteDir, (file) => readFileSync(file, 'utf8')),
      loader: path.join(siteDir, 'plugins/webpack-settings/swc-loader.js'),
      styledComponentsPlugin: siteRequire.resolve('@swc/plugin-styled-components'),
      cacheRoot: path.join(siteDir, 'node_modules', '.cache', 'swc'),
      targets: getBrowsersList(siteDir),
    }),
  );
};
