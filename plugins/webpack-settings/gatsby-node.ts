import type { GatsbyNode } from 'gatsby';
import type { Configuration, WebpackPluginInstance } from 'webpack';
import { siteDirectory } from '../lib/site-dir';
import { composeWebpackConfig } from './compose';
import { keepWebpackCache, type MinifierClass, productionWebpackConfig } from './webpack';

/**
 * The site's one replaceWebpackConfig: every local plugin's webpack change, in the order
 * ./compose.ts writes, then the production settings of ./webpack.ts over all of them.
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
  const original = getConfig() as Configuration;
  const state = store.getState() as { config?: { siteMetadata?: Record<string, unknown> } };
  const composed = composeWebpackConfig(original, {
    stage,
    siteDir: siteDirectory(),
    define: (definitions) => plugins.define(definitions) as WebpackPluginInstance,
    siteMetadata: state.config?.siteMetadata ?? {},
  });
  // Gatsby's JavaScript minifier factory builds a terser-webpack-plugin; its class is the one the
  // config's minimizer is an instance of.
  const Minifier = (plugins.minifyJs() as object).constructor as MinifierClass;
  const config = productionWebpackConfig(stage, composed, Minifier, { keepCache }) ?? composed;
  if (config !== original) actions.replaceWebpackConfig(config);
};
