import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { siteDirectory } from '../lib/site-dir';
import { precompressAssets } from './precompress';

/** After the build, scripts and styles get a Brotli-11 twin (./precompress.ts). */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter }) => {
  const publicDir = path.join(siteDirectory(), 'public');
  const compressed = await precompressAssets(publicDir);
  reporter.info(`precompress: ${compressed} assets precompressed (Brotli 11)`);
};
