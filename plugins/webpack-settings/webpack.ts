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
 * - every TypeScript module through Babel once, not twice (see withoutSecondTypeScriptPass);
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
  if (stage !== 'build-html' && stage !== 'build-javascript') return null;
  const cache = keepCache ? config.cache : false;
  const module = {
    ...config.module,
    rules: withoutSecondTypeScriptPass(config.module?.rules ?? []),
  };
  if (stage === 'build-html') return { ...config, module, devtool: false, cache };
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
      `webpack-settings: expected Gatsby's one JavaScript minifier in the build-javascript webpack config, found ${replaced}; update plugins/webpack-settings/webpack.ts for this Gatsby version.`,
    );
  }
  return {
    ...config,
    module,
    devtool: false,
    cache,
    optimization: { ...config.optimization, minimizer },
  };
}

type Rules = NonNullable<NonNullable<Configuration['module']>['rules']>;

/** Gatsby's babel-loader (its own JavaScript rule and gatsby-plugin-typescript's both use it). */
const GATSBY_BABEL_LOADER = /[\\/]gatsby[\\/]dist[\\/]utils[\\/]babel-loader/;

/**
 * Whether `rule` sends every module named like `file` through Gatsby's babel-loader, as Gatsby
 * writes such rules. A rule that also asks for a resource query (gatsby-plugin-mdx's, for an MDX
 * file's compiled page) applies to some requests only, and is not one of these.
 */
function babelRuleFor(rule: Rules[number], file: string): boolean {
  if (typeof rule !== 'object' || rule === null || rule.resourceQuery !== undefined) return false;
  const { test, use } = rule;
  if (!(test instanceof RegExp) || !test.test(file) || typeof use !== 'function') return false;
  const loaders: unknown = use({
    resource: '',
    realResource: '',
    resourceQuery: '',
    issuer: '',
    compiler: '',
  });
  return (
    Array.isArray(loaders) &&
    loaders.some(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        GATSBY_BABEL_LOADER.test(String((entry as { loader?: unknown }).loader)),
    )
  );
}

/**
 * Gatsby's JavaScript rule compiles .js to .tsx with its babel-loader, and the Babel config it
 * loads already holds @babel/preset-typescript (gatsby-plugin-typescript adds it there). The same
 * plugin also adds a webpack rule of its own for .ts and .tsx with the same loader, so webpack
 * ran Babel twice over every TypeScript module, the second time over the first one's output, in
 * both production stages. The second rule goes; what each module compiles to is unchanged (one
 * pass does all the transforms). Throws when the two rules are not there as described, so that a
 * Gatsby upgrade that changes them is noticed.
 */
export function withoutSecondTypeScriptPass(rules: Rules): Rules {
  const both = rules.filter((rule) => babelRuleFor(rule, 'x.tsx'));
  const typescriptOnly = both.filter((rule) => !babelRuleFor(rule, 'x.js'));
  if (both.length !== 2 || typeof typescriptOnly[0] !== 'object' || typescriptOnly.length !== 1) {
    throw new Error(
      `webpack-settings: expected Gatsby's JavaScript rule and gatsby-plugin-typescript's rule to both compile .tsx with Gatsby's babel-loader, found ${both.length} such rules (${typescriptOnly.length} for TypeScript only); update plugins/webpack-settings/webpack.ts for this Gatsby version.`,
    );
  }
  return rules.filter((rule) => rule !== typescriptOnly[0]);
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
