import type { Configuration, WebpackPluginInstance } from 'webpack';
import { keepWebpackCache, type MinifierClass, productionWebpackConfig } from '../webpack';

/** Stands in for terser-webpack-plugin: records its options, carries a swcMinify marker. */
class FakeMinifier implements WebpackPluginInstance {
  static swcMinify = Symbol('swcMinify');
  constructor(readonly options: Record<string, unknown>) {}
  apply() {}
}
const Minifier = FakeMinifier as unknown as MinifierClass;

class CssMinimizer implements WebpackPluginInstance {
  apply() {}
}

const GATSBY_CACHE = {
  type: 'filesystem' as const,
  name: 'build-javascript',
  cacheLocation: '/site/.cache/webpack/stage-build-javascript',
};
const once = { keepCache: false };

const BABEL_LOADER = '/site/node_modules/gatsby/dist/utils/babel-loader.js';
const babelUse = () => [{ loader: BABEL_LOADER, options: { stage: 'build-javascript' } }];
/** The rules as Gatsby 5.16 writes them: its JavaScript rule, gatsby-plugin-typescript's, others. */
const JS_RULE = { test: /\.(js|mjs|jsx|ts|tsx)$/, type: 'javascript/auto', use: babelUse };
const TS_RULE = { test: /\.tsx?$/, use: babelUse };
const DEPENDENCIES_RULE = { test: /\.(js|mjs)$/, use: [{ loader: BABEL_LOADER }] };
const YAML_RULE = { test: /\.ya?ml$/, type: 'json' };
/** gatsby-plugin-mdx's: Babel for the page an MDX file compiles to, asked for with a query. */
const MDX_PAGE_RULE = { test: /\.[tj]sx?$/, resourceQuery: /__contentFilePath/, use: babelUse };

function gatsbyConfig(
  minimizer: WebpackPluginInstance[],
  rules: NonNullable<Configuration['module']>['rules'] = [
    JS_RULE,
    YAML_RULE,
    DEPENDENCIES_RULE,
    MDX_PAGE_RULE,
    TS_RULE,
  ],
): Configuration {
  return {
    cache: GATSBY_CACHE,
    devtool: 'source-map',
    resolve: { alias: { '@': '/site/src' } },
    module: { rules },
    optimization: { runtimeChunk: { name: 'webpack-runtime' }, minimizer },
  };
}

describe('productionWebpackConfig', () => {
  it('minifies the browser bundles with SWC and writes no source maps', () => {
    const css = new CssMinimizer();
    const terser = new FakeMinifier({ terserOptions: { ecma: 5 } });
    const config = productionWebpackConfig(
      'build-javascript',
      gatsbyConfig([terser, css]),
      Minifier,
      once,
    );
    expect(config?.devtool).toBe(false);
    expect(config?.cache).toBe(false);
    expect(config?.resolve).toEqual({ alias: { '@': '/site/src' } });
    expect(config?.optimization?.runtimeChunk).toEqual({ name: 'webpack-runtime' });
    const [js, kept] = config?.optimization?.minimizer ?? [];
    expect(kept).toBe(css);
    expect(js).toBeInstanceOf(FakeMinifier);
    expect(js).not.toBe(terser);
    expect((js as FakeMinifier).options).toEqual({
      exclude: /\.min\.js/,
      minify: FakeMinifier.swcMinify,
      terserOptions: { compress: true, mangle: { safari10: true } },
    });
  });

  it('writes no source maps and no persistent cache for the HTML renderer either, and leaves develop alone', () => {
    const config = gatsbyConfig([]);
    expect(productionWebpackConfig('build-html', config, Minifier, once)).toEqual({
      ...config,
      module: { rules: [JS_RULE, YAML_RULE, DEPENDENCIES_RULE, MDX_PAGE_RULE] },
      devtool: false,
      cache: false,
    });
    expect(productionWebpackConfig('develop', config, Minifier, once)).toBeNull();
    expect(productionWebpackConfig('develop-html', config, Minifier, once)).toBeNull();
  });

  it("keeps Gatsby's persistent cache in both stages for a folder built again", () => {
    const again = { keepCache: true };
    const terser = new FakeMinifier({});
    expect(
      productionWebpackConfig('build-javascript', gatsbyConfig([terser]), Minifier, again)?.cache,
    ).toBe(GATSBY_CACHE);
    expect(productionWebpackConfig('build-html', gatsbyConfig([]), Minifier, again)?.cache).toBe(
      GATSBY_CACHE,
    );
  });

  it('sends TypeScript through Babel once in both stages: the TypeScript-only Babel rule goes, every other rule stays', () => {
    for (const stage of ['build-javascript', 'build-html']) {
      const config = productionWebpackConfig(
        stage,
        gatsbyConfig([new FakeMinifier({})]),
        Minifier,
        once,
      );
      expect(config?.module?.rules).toEqual([JS_RULE, YAML_RULE, DEPENDENCIES_RULE, MDX_PAGE_RULE]);
    }
  });

  it("stops the build when the two Babel rules for TypeScript are not Gatsby's as expected", () => {
    const build = (rules: NonNullable<Configuration['module']>['rules']) => () =>
      productionWebpackConfig('build-html', gatsbyConfig([], rules), Minifier, once);
    // gatsby-plugin-typescript's rule missing (say, its webpack hook ran after ours).
    expect(build([JS_RULE, YAML_RULE])).toThrow(/found 1 such rules \(0 for TypeScript only\)/);
    // Gatsby's own rule no longer covering TypeScript: dropping the other would stop compiling it.
    expect(build([{ ...JS_RULE, test: /\.(js|mjs|jsx)$/ }, TS_RULE])).toThrow(/found 1 such rules/);
    expect(build([JS_RULE, TS_RULE, TS_RULE])).toThrow(/found 3 such rules/);
    // A TypeScript rule with another loader is not ours to drop.
    expect(build([JS_RULE, { test: /\.tsx?$/, use: () => [{ loader: 'ts-loader' }] }])).toThrow(
      /found 1 such rules/,
    );
  });

  it("stops the build when Gatsby's minifier is not where it was", () => {
    expect(() =>
      productionWebpackConfig(
        'build-javascript',
        gatsbyConfig([new CssMinimizer()]),
        Minifier,
        once,
      ),
    ).toThrow(/expected Gatsby's one JavaScript minifier.*found 0/);
  });
});

describe('keepWebpackCache', () => {
  it('reads WEBPACK_CACHE: on keeps the cache, unset or off does not, anything else is refused', () => {
    expect(keepWebpackCache('on')).toBe(true);
    expect(keepWebpackCache(undefined)).toBe(false);
    expect(keepWebpackCache('')).toBe(false);
    expect(keepWebpackCache('off')).toBe(false);
    expect(keepWebpackCache('yes')).toBeNull();
    expect(keepWebpackCache('ON')).toBeNull();
  });
});
