import type { Configuration } from 'webpack';
import { islandsWebpackConfig } from '../islands/webpack-config';
import type { WebpackStep, WebpackStepContext } from '../lib/webpack-step';
import { requestRenderWebpackConfig } from '../request-render/webpack-config';
import { socialCardsWebpackConfig } from '../social-cards/webpack-config';

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
 * 4. then ./gatsby-node.ts puts the production settings over everything above: no source
 *    maps, SWC as the minifier, TypeScript through Babel once, webpack's persistent cache only
 *    with WEBPACK_CACHE=on (./webpack.ts).
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
