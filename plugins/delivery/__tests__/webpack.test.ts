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

function gatsbyConfig(minimizer: WebpackPluginInstance[]): Configuration {
  return {
    cache: GATSBY_CACHE,
    devtool: 'source-map',
    resolve: { alias: { '@': '/site/src' } },
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
