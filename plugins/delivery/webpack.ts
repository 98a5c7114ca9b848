import type { Configuration, WebpackPluginInstance } from 'webpack';

/**
 * terser-webpack-plugin's class: Gatsby's JavaScript minifier is an instance of it, and the class
 * carries the minify functions it can run (`swcMinify` among them).
 */
export interface MinifierClass {
  new (options: Record<string, unknown>): WebpackPluginInstance;
  swcMinify: unknown;
}

/**
 * What a production build of the site's own bundles skips or does faster, for Gatsby's two
 * production webpack stages:
 *
 * - no source maps (`devtool: false`): the server never serves them (they show how the site is
 *   made), and writing them cost build time for nothing;
 * - the browser bundles are minified by SWC (through the same terser-webpack-plugin, with its
 *   `swcMinify`) instead of Terser, which was the largest single part of bundling the app;
 * - webpack's persistent cache only where the same folder is built again (`keepCache`): Gatsby
 *   turns it on for both stages, and writing it (a snapshot of every module and build dependency,
 *   then the serialised modules) runs beside the next step on a 2-core machine, slowing a clean
 *   build of the HTML renderer about 2.5×. A build that is not repeated never reads it back.
 *
 * Returns the changed copy of `config`, or null for other stages (develop keeps its own settings).
 */
export function productionWebpackConfig(
  stage: string,
  config: Configuration,
  Minifier: MinifierClass,
  { keepCache }: { keepCache: boolean },
): Configuration | null {
  const cache = keepCache ? config.cache : false;
  if (stage === 'build-html') return { ...config, devtool: false, cache };
  if (stage !== 'build-javascript') return null;
  const minimizers = config.optimization?.minimizer ?? [];
  let replaced = 0;
  const minimizer = minimizers.map((plugin) => {
    if (!(plugin instanceof Minifier)) return plugin;
    replaced += 1;
    return new Minifier({
      // As Gatsby's: files already minified are left alone.
      exclude: /\.min\.js/,
      minify: Minifier.swcMinify,
      // Safari 10's bug with a `let` in a loop shadowing a parameter, as Gatsby's Terser options.
      terserOptions: { compress: true, mangle: { safari10: true } },
    });
  });
  if (replaced !== 1) {
    throw new Error(
      `delivery: expected Gatsby's one JavaScript minifier in the build-javascript webpack config, found ${replaced}; update plugins/delivery/webpack.ts for this Gatsby version.`,
    );
  }
  return { ...config, devtool: false, cache, optimization: { ...config.optimization, minimizer } };
}

/**
 * WEBPACK_CACHE: "on" keeps webpack's persistent cache in .cache/webpack, for a folder that is
 * built again and again (publishing's work folder; scripts/build-site-aside.mjs sets it); unset or
 * "off" for a build that is not repeated. Returns null for any other value.
 */
export function keepWebpackCache(value: string | undefined): boolean | null {
  if (value === undefined || value === '' || value === 'off') return false;
  if (value === 'on') return true;
  return null;
}
