import path from 'node:path';
import type { Configuration, RuleSetRule, WebpackPluginInstance } from 'webpack';
import {
  keepWebpackCache,
  type MinifierClass,
  productionWebpackConfig,
  swcForOwnModules,
  swcModuleFilter,
} from '../webpack';

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

describe('swcModuleFilter', () => {
  const site = '/site';
  const files: Record<string, string> = {
    '/site/src/components/ui/button.tsx': "import styled from 'styled-components';",
    '/site/src/components/seo.tsx': 'const data = useStaticQuery(graphql`query { site { id } }`);',
    '/site/src/pages/login.tsx': 'export default function Login() {}',
    '/site/src/templates/blog-post.tsx': 'export default function Post() {}',
    '/site/contracts/src/blog-post.ts': 'export const schema = {};',
    '/site/gatsby-browser.tsx': 'export const onClientEntry = () => {};',
    '/site/plugins/blog/gatsby-node.ts': 'export {};',
  };
  const read = jest.fn((file: string) => files[file] ?? '');
  const useSwc = swcModuleFilter(site, read);

  it("sends the site's own modules to SWC, but not pages, templates or modules with a query", () => {
    expect(useSwc('/site/src/components/ui/button.tsx')).toBe(true);
    expect(useSwc('/site/contracts/src/blog-post.ts')).toBe(true);
    expect(useSwc('/site/src/components/seo.tsx')).toBe(false);
    expect(useSwc('/site/src/pages/login.tsx')).toBe(false);
    expect(useSwc('/site/src/templates/blog-post.tsx')).toBe(false);
    expect(useSwc('/site/gatsby-browser.tsx')).toBe(false);
    expect(useSwc('/site/plugins/blog/gatsby-node.ts')).toBe(false);
    expect(useSwc('/site/node_modules/react/index.js')).toBe(false);
    expect(useSwc('/elsewhere/src/x.ts')).toBe(false);
  });

  it('reads each module once', () => {
    read.mockClear();
    useSwc('/site/src/components/ui/button.tsx');
    useSwc('/site/src/components/ui/button.tsx');
    expect(read).not.toHaveBeenCalled(); // already decided above
  });
});

describe('swcForOwnModules', () => {
  const babelLoader = path.join('/site/node_modules/gatsby/dist/utils/babel-loader.js');
  const gatsbyJsRule = {
    test: /\.(js|mjs|jsx|ts|tsx)$/,
    include: (file: string) => !file.includes('node_modules'),
    type: 'javascript/auto',
    use: () => [{ loader: babelLoader, options: {} }],
  };
  // gatsby-plugin-mdx's: only for requests with its query, so not one to narrow.
  const mdxPageRule = {
    test: /\.[tj]sx?$/,
    resourceQuery: /__contentFilePath/,
    use: () => [{ loader: babelLoader, options: {} }],
  };
  const cssRule = { test: /\.css$/, use: ['css-loader'] };
  const options = {
    useSwc: (file: string) => file.startsWith('/site/src/components/'),
    loader: '/site/plugins/delivery/swc-loader.js',
    styledComponentsPlugin: '/site/node_modules/@swc/plugin-styled-components/plugin.wasm',
    cacheRoot: '/site/node_modules/.cache/swc',
    targets: ['> 0.25% and supports es6-module'],
  };

  it("narrows Gatsby's JavaScript rule to the modules SWC does not take, and adds SWC's rule beside it", () => {
    const config: Configuration = {
      module: { rules: [cssRule, gatsbyJsRule as RuleSetRule, mdxPageRule as RuleSetRule] },
    };
    const rules = swcForOwnModules(config, options).module?.rules as RuleSetRule[];
    expect(rules).toHaveLength(4);
    expect(rules[0]).toBe(cssRule);
    expect(rules[3]).toBe(mdxPageRule);
    const babel = rules[1] as typeof gatsbyJsRule & { exclude: (file: string) => boolean };
    const swc = rules[2] as RuleSetRule & { include: (file: string) => boolean };
    expect(babel.use).toBe(gatsbyJsRule.use);
    expect(babel.include).toBe(gatsbyJsRule.include);
    expect(babel.exclude('/site/src/components/ui/button.tsx')).toBe(true);
    expect(babel.exclude('/site/src/pages/index.tsx')).toBe(false);
    expect(swc.include('/site/src/components/ui/button.tsx')).toBe(true);
    expect(swc.include('/site/src/pages/index.tsx')).toBe(false);
    const [use] = swc.use as { loader: string; options: { swc: Record<string, unknown> } }[];
    expect(use?.loader).toBe(options.loader);
    expect(use?.options.swc).toMatchObject({
      env: { targets: options.targets },
      jsc: {
        transform: { react: { runtime: 'classic' } },
        experimental: {
          cacheRoot: options.cacheRoot,
          plugins: [
            [
              options.styledComponentsPlugin,
              { displayName: false, fileName: false, ssr: true, pure: true },
            ],
          ],
        },
      },
    });
  });

  it("stops the build when Gatsby's JavaScript rule is not there to split, or not alone", () => {
    expect(() => swcForOwnModules({ module: { rules: [cssRule] } }, options)).toThrow(
      /expected one Babel rule for the site's modules.*found 0/,
    );
    // As before delivery drops gatsby-plugin-typescript's rule: two rules would both need narrowing.
    const typescriptRule = { test: /\.tsx?$/, use: gatsbyJsRule.use } as RuleSetRule;
    expect(() =>
      swcForOwnModules(
        { module: { rules: [gatsbyJsRule as RuleSetRule, typescriptRule] } },
        options,
      ),
    ).toThrow(/found 2/);
    const odd = { ...gatsbyJsRule, exclude: /node_modules/ } as RuleSetRule;
    expect(() => swcForOwnModules({ module: { rules: [odd] } }, options)).toThrow(
      /exclude that is not a function/,
    );
  });
});
