// A webpack loader that compiles one of the site's own modules with SWC (see swcForOwnModules in
// ./webpack.ts for which modules, and why). Plain CommonJS: webpack loads it by its path.
'use strict';
// webpack's loader runner loads this file with require(), so it is CommonJS itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const swc = require('@swc/core');

/** @this {import('webpack').LoaderContext<{ swc: import('@swc/core').Options }>} */
module.exports = function swcLoader(source) {
  const callback = this.async();
  const { swc: options } = this.getOptions();
  const typescript = /\.tsx?$/.test(this.resourcePath);
  const jsx = /\.[jt]sx$/.test(this.resourcePath);
  swc
    .transform(source, {
      ...options,
      filename: this.resourcePath,
      sourceMaps: false,
      jsc: {
        ...options.jsc,
        parser: typescript ? { syntax: 'typescript', tsx: jsx } : { syntax: 'ecmascript', jsx },
      },
    })
    .then((output) => callback(null, output.code), callback);
};
