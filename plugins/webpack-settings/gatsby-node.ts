import type { GatsbyNode } from 'gatsby';
import type { Configuration, WebpackPluginInstance } from 'webpack';
import { islandsWebpackConfig } from '../islands/webpack-config';
import { siteDirectory } from '../lib/site-dir';
import type { WebpackStep, WebpackStepContext } from '../lib/webpack-step';
import { requestRenderWebpackConfig } from '../request-render/webpack-config';
import { socialCardsWebpackConfig } from '../social-cards/webpack-config';
import { keepWebpackCache, type MinifierClass, productionWebpackConfig } from './webpack';

/**
 * Every change the local plugins make to Gatsby's webpack configs, in this order, applied to the
 * config once and handed back to Gatsby once (the only replaceWebpackConfig of the site):
 *
 * 1. islands: the island entries, their shared chunk and the loader in the browser build; the
 *    loader's address in the page render (plugins/islands/webpack-config.ts);
 * 2. request-render: the request-time slots' entries in the page render and the plugin that
 *    copies them out (plugins/request-render/webpack-config.ts);
 * 3. social-cards: the folder where the page render notes each page's card
 *    (plugins/social-cards/webpack-config.ts);
 * 4. the production settings last, over everything above: no source maps, SWC as the minifier,
 *    TypeScript through Babel once, webpack's persistent cache only with WEBPACK_CACHE=on
 *    (./webpack.ts).
 *
 * Gatsby runs this plugin after gatsby-plugin-typescript (gatsby-config.ts lists it so), whose
 * webpack rule step 4 drops; the site's gatsby-node.ts adds its import aliases after it.
 */
export const WEBPACK_STEPS: readonly WebpackStep[] = [
  islandsWebpackConfig,
  requestRenderWebpackConfig,
  socialCardsWebpackConfig,
];

/** The config after every step of WEBPACK_STEPS, in order. */
export function composeWebpackConfig(
  config: Configuration,
  context: WebpackStepContext,
  steps: readonly WebpackStep[] = WEBPACK_STEPS,
): Configuration {
  return steps.reduce((current, step) => step(current, context), config);
}

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
