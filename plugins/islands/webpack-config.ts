import { createRequire } from 'node:module';
import path from 'node:path';
import type * as SwcCore from '@swc/core';
import type { WebpackStep } from '../lib/webpack-step';
import {
  entryName,
  islandNames,
  ISLAND_ENTRY_DIR,
  readManifest,
  STANDALONE_ISLANDS,
} from './manifest';
import { IslandsWebpackPlugin } from './webpack-plugin';

/**
 * The browser build gets one entry per island (src/islands/<name>.tsx), beside Gatsby's app: each
 * shares webpack's runtime and the framework chunk with the app, and carries only its own code.
 * The page render learns the loader's address, which the browser build has written by then.
 */
export const islandsWebpackConfig: WebpackStep = (config, { stage, siteDir, define }) => {
  if (stage === 'build-html') {
    // The page render runs after the browser build, which has written the loader's address.
    return {
      ...config,
      plugins: [
        ...(config.plugins ?? []),
        define({
          'process.env.GATSBY_ISLAND_LOADER': JSON.stringify(readManifest(siteDir).loader),
        }),
      ],
    };
  }
  if (stage !== 'build-javascript') return config;
  const islands = islandNames(siteDir);
  const entries = Object.fromEntries(
    islands.map((island) => [
      entryName(island),
      path.join(siteDir, ISLAND_ENTRY_DIR, `${island}.tsx`),
    ]),
  );
  const base = config.entry;
  if (!base || typeof base !== 'object' || Array.isArray(base)) {
    throw new Error("islands: expected Gatsby's browser build to name its entries in an object");
  }
  // Resolved from the site, like every build tool here (this file runs compiled elsewhere).
  const swc = createRequire(path.join(siteDir, 'package.json'))('@swc/core') as typeof SwcCore;
  const minify = (code: string) =>
    swc.minifySync(code, { compress: true, mangle: true, ecma: 2017 }).code;
  const splitChunks = config.optimization?.splitChunks;
  if (!splitChunks || !splitChunks.cacheGroups) {
    throw new Error("islands: expected Gatsby's browser build to split chunks by cache groups");
  }
  return {
    ...config,
    entry: { ...base, ...entries },
    optimization: {
      ...config.optimization,
      splitChunks: {
        ...splitChunks,
        cacheGroups: {
          ...splitChunks.cacheGroups,
          // What two islands share (styled-components, the theme, the hydration code) is one
          // chunk, loaded and run once however many islands a page has.
          islands: {
            name: 'islands-shared',
            chunks: (chunk: { name?: string | null }) =>
              typeof chunk.name === 'string' &&
              chunk.name.startsWith('island-') &&
              !STANDALONE_ISLANDS.includes(chunk.name.slice('island-'.length)),
            minChunks: 2,
            minSize: 0,
            priority: 35,
            reuseExistingChunk: true,
          },
        },
      },
    },
    plugins: [...(config.plugins ?? []), new IslandsWebpackPlugin({ siteDir, islands, minify })],
  };
};
