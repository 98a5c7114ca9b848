import type { Configuration, RuleSetRule } from 'webpack';
import { type MinifierClass, withoutSecondTypeScriptPass } from '../webpack';

/**
 * The webpack settings lean on two things of Gatsby's that it does not document: the class of the
 * minifier its `plugins.minifyJs()` builds, and the path of its babel-loader in its JavaScript
 * rule and gatsby-plugin-typescript's. Checked here against the installed Gatsby, not stand-ins.
 */

interface WebpackUtils {
  plugins: { minifyJs: () => object };
  rules: { js: () => RuleSetRule };
  loaders: { js: (options?: object) => object };
}

// Gatsby's webpack helpers: what onCreateWebpackConfig hands the plugins as loaders, rules, plugins.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a file of Gatsby's own dist/, without types
const { createWebpackUtils } = require('gatsby/dist/utils/webpack-utils') as {
  createWebpackUtils: (stage: string, program: object) => WebpackUtils;
};

const utils = createWebpackUtils('build-javascript', {
  directory: process.cwd(),
  browserslist: ['>0.25%', 'not dead'],
  extensions: ['.js', '.ts', '.tsx'],
});

describe("Gatsby's internals the webpack settings use", () => {
  it("builds its minifier from terser-webpack-plugin's class, which carries swcMinify", () => {
    const Minifier = utils.plugins.minifyJs().constructor as MinifierClass;
    expect(Minifier.name).toBe('TerserPlugin');
    expect(typeof Minifier.swcMinify).toBe('function');
  });

  it("compiles TypeScript with its babel-loader in both its rule and gatsby-plugin-typescript's", () => {
    const rules: RuleSetRule[] = [utils.rules.js()];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's own plugin, without types
    const typescript = require('gatsby-plugin-typescript/gatsby-node') as {
      onCreateWebpackConfig: (args: object) => void;
    };
    typescript.onCreateWebpackConfig({
      loaders: utils.loaders,
      actions: {
        setWebpackConfig: (config: Configuration) => {
          rules.push(...((config.module?.rules ?? []) as RuleSetRule[]));
        },
      },
    });
    expect(rules).toHaveLength(2);
    expect(withoutSecondTypeScriptPass(rules)).toEqual([rules[0]]);
  });
});
