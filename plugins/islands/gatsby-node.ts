import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import type * as SwcCore from '@swc/core';
import type { Configuration } from 'webpack';
import { APP_PAGE_PREFIXES, SPECULATION_RULES_FILE } from '@site/contracts';
import {
  entryName,
  islandNames,
  ISLAND_ENTRY_DIR,
  readManifest,
  STANDALONE_ISLANDS,
  speculationRules,
} from './manifest';
import { IslandsWebpackPlugin } from './webpack-plugin';
import { siteDirectory } from '../lib/site-dir';

/**
 * The browser build gets one entry per island (src/islands/<name>.tsx), beside Gatsby's app: each
 * shares webpack's runtime and the framework chunk with the app, and carries only its own code.
 * Gatsby's setWebpackConfig drops `entry`, so the config is replaced with the entries added.
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  getConfig,
  actions,
  plugins,
}) => {
  const siteDir = siteDirectory();
  if (stage === 'build-html') {
    // The page render runs after the browser build, which has written the loader's address.
    actions.setWebpackConfig({
      plugins: [
        plugins.define({
          'process.env.GATSBY_ISLAND_LOADER': JSON.stringify(readManifest(siteDir).loader),
        }),
      ],
    });
    return;
  }
  if (stage !== 'build-javascript') return;
  const config = getConfig() as Configuration;
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
  actions.replaceWebpackConfig({
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
  });
};

/** The speculation rules go beside the pages, as public/speculation-rules.json. */
export const onPostBuild: GatsbyNode['onPostBuild'] = async () => {
  const siteDir = siteDirectory();
  await writeFile(
    path.join(siteDir, 'public', SPECULATION_RULES_FILE),
    JSON.stringify(speculationRules(APP_PAGE_PREFIXES)),
  );
};

/** An earlier build's loader goes: public/islands/ holds only this build's. */
export const onPreBuild: GatsbyNode['onPreBuild'] = async () => {
  const siteDir = siteDirectory();
  await rm(path.join(siteDir, 'public', 'islands'), { recursive: true, force: true });
};
