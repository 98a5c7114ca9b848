import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { INTERNALS_DIR, moveBuildInternals } from './move';
import { siteDirectory } from '../lib/site-dir';

/**
 * After the build, Gatsby's own working files (webpack.stats.json, chunk-map.json) leave public/
 * for .cache/build-internals/: nothing in the served folder shows how the site is made. Gatsby
 * reads them only while it builds (and writes them again at every build), so they go last.
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter }) => {
  const siteDir = siteDirectory();
  const moved = await moveBuildInternals(
    path.join(siteDir, 'public'),
    path.join(siteDir, INTERNALS_DIR),
  );
  reporter.info(`build-internals: ${moved.join(', ') || 'nothing'} moved to ${INTERNALS_DIR}/`);
};
