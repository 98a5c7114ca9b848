import path from 'node:path';
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

/** A webpack rule whose loaders are chosen per module by a function, as Gatsby writes them. */
interface GatsbyBabelRule {
  test: RegExp;
  exclude?: unknown;
  use: (info: { resourceQuery: string; issuer: string }) => { loader: string }[];
  [key: string]: unknown;
}

/**
 * Gatsby's Babel rules for script modules: its JavaScript rule (.js to .tsx) and the one its
 * TypeScript plugin adds (.ts, .tsx), both through Gatsby's babel-loader.
 */
function isGatsbyBabelRule(rule: unknown): rule is GatsbyBabelRule {
  if (typeof rule !== 'object' || rule === null) return false;
  const { test, use } = rule as Record<string, unknown>;
  if (!(test instanceof RegExp) || !test.test('x.tsx')) return false;
  if (typeof use !== 'function') return false;
  const loaders = (use as GatsbyBabelRule['use'])({ resourceQuery: '', issuer: '' });
  return loaders.some((entry) =>
    /[\\/]gatsby[\\/]dist[\\/]utils[\\/]babel-loader/.test(entry.loader),
  );
}

/** A rule's exclude widened by `more`; Gatsby writes none on these rules, or a function. */
function widenExclude(exclude: unknown, more: (file: string) => boolean) {
  if (exclude === undefined) return more;
  if (typeof exclude === 'function') {
    const first = exclude as (file: string) => boolean;
    return (file: string) => first(file) || more(file);
  }
  throw new Error(
    'delivery: a Gatsby Babel rule has an exclude that is not a function; update plugins/delivery/webpack.ts for this Gatsby version.',
  );
}

/** Text that only Gatsby's Babel plugins understand: page and static queries. */
const NEEDS_GATSBY_BABEL = /\bgraphql\b|\bStaticQuery\b|\buseStaticQuery\b/;

/**
 * Which of the site's own modules SWC compiles instead of Babel: those under `roots` that are not
 * page components (src/pages, src/templates: Gatsby's Babel plugins split a page's Head from its
 * component there) and hold no GraphQL query (Gatsby's Babel plugin replaces queries with their
 * results). `read` returns a file's text.
 */
export function swcModuleFilter(
  siteDir: string,
  read: (file: string) => string,
): (modulePath: string) => boolean {
  const roots = ['src', 'contracts/src'].map((dir) => path.join(siteDir, dir) + path.sep);
  const pages = ['src/pages', 'src/templates'].map((dir) => path.join(siteDir, dir) + path.sep);
  const verdicts = new Map<string, boolean>();
  return (modulePath) => {
    let verdict = verdicts.get(modulePath);
    if (verdict === undefined) {
      verdict =
        roots.some((root) => modulePath.startsWith(root)) &&
        !pages.some((dir) => modulePath.startsWith(dir)) &&
        !NEEDS_GATSBY_BABEL.test(read(modulePath));
      verdicts.set(modulePath, verdict);
    }
    return verdict;
  };
}

/**
 * Babel is the largest part of both webpack stages of a clean build (about 4–6 s a stage for our
 * ~200 modules on the development machine); SWC does the same work in well under a second. So the
 * site's own modules that need none of Gatsby's Babel plugins (see swcModuleFilter) go through
 * `loader` (./swc-loader.js) with the styled-components SWC plugin, which gives every styled
 * component the same stable id in both stages, as babel-plugin-styled-components does; everything
 * else keeps Gatsby's Babel rule. Returns the changed copy of `config`; throws when Gatsby's
 * JavaScript rule is not there to split.
 */
export function swcForOwnModules(
  config: Configuration,
  {
    useSwc,
    loader,
    styledComponentsPlugin,
    targets,
  }: {
    useSwc: (modulePath: string) => boolean;
    loader: string;
    styledComponentsPlugin: string;
    targets: string[];
  },
): Configuration {
  const rules = config.module?.rules ?? [];
  const found = rules.filter(isGatsbyBabelRule);
  if (found.length === 0) {
    throw new Error(
      "delivery: expected Gatsby's JavaScript (Babel) rules in the webpack config, found none; update plugins/delivery/webpack.ts for this Gatsby version.",
    );
  }
  const split = rules.flatMap((rule) => {
    if (!isGatsbyBabelRule(rule)) return [rule];
    // Narrowed by the guard; the cast only drops the string members of webpack's rule union.
    const babelRule = rule as GatsbyBabelRule;
    const babel = { ...babelRule, exclude: widenExclude(babelRule.exclude, useSwc) };
    // The SWC rule goes once, beside the first Babel rule.
    if (rule !== found[0]) return [babel];
    return [
      babel,
      {
        test: /\.(js|jsx|ts|tsx)$/,
        include: useSwc,
        type: 'javascript/auto',
        use: [
          {
            loader,
            options: {
              swc: {
                env: { targets },
                module: { type: 'es6' },
                jsc: {
                  transform: {
                    react: {
                      runtime: 'classic',
                      pragma: 'React.createElement',
                      pragmaFrag: 'React.Fragment',
                    },
                  },
                  experimental: {
                    plugins: [
                      [
                        styledComponentsPlugin,
                        { displayName: false, fileName: false, ssr: true, pure: true },
                      ],
                    ],
                  },
                },
              },
            },
          },
        ],
      },
    ];
  });
  return { ...config, module: { ...config.module, rules: split } };
}
