import type { GatsbyNode } from 'gatsby';
import type { Configuration } from 'webpack';
import { keepWebpackCache, type MinifierClass, productionWebpackConfig } from './webpack';

/**
 * Production bundles: no source maps, SWC as the minifier, TypeScript through Babel once,
 * webpack's persistent cache only with WEBPACK_CACHE=on (see ./webpack.ts).
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  getConfig,
  plugins,
  actions,
  reporter,
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
  if (config) actions.replaceWebpackConfig(config);
};
