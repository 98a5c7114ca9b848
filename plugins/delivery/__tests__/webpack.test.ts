import type { Configuration, WebpackPluginInstance } from 'webpack';
import { type MinifierClass, productionWebpackConfig } from '../webpack';

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

function gatsbyConfig(minimizer: WebpackPluginInstance[]): Configuration {
  return {
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
    );
    expect(config?.devtool).toBe(false);
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

  it('writes no source maps for the HTML renderer either, and leaves develop alone', () => {
    const config = gatsbyConfig([]);
    expect(productionWebpackConfig('build-html', config, Minifier)).toEqual({
      ...config,
      devtool: false,
    });
    expect(productionWebpackConfig('develop', config, Minifier)).toBeNull();
    expect(productionWebpackConfig('develop-html', config, Minifier)).toBeNull();
  });

  it("stops the build when Gatsby's minifier is not where it was", () => {
    expect(() =>
      productionWebpackConfig('build-javascript', gatsbyConfig([new CssMinimizer()]), Minifier),
    ).toThrow(/expected Gatsby's one JavaScript minifier.*found 0/);
  });
});
