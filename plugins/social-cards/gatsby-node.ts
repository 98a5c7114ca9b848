import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { DEFAULT_FONT_DIR } from '@site/pipeline/image-service';
import { siteDirectory } from '../lib/site-dir';
import { buildSocialCards } from './build-cards';
import { CARDS_CACHE, CARDS_KEPT } from './requests';

/**
 * Social cards for the prebuilt pages: the page render notes the card each page's head names
 * (./gatsby-ssr.tsx, in the folder plugins/webpack-settings hands it through ./webpack-config.ts),
 * and after the build every card is drawn, or taken from `.social-cards/` when it was drawn before
 * (./build-cards.ts), into public/og/.
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter }) => {
  const siteDir = siteDirectory();
  const started = Date.now();
  const result = await buildSocialCards({
    requestsDir: path.join(siteDir, CARDS_CACHE, 'requests'),
    cacheDir: path.join(siteDir, CARDS_KEPT),
    publicDir: path.join(siteDir, 'public'),
    fontDir: DEFAULT_FONT_DIR,
    warn: (message) => reporter.warn(message),
  });
  reporter.info(
    `Social cards: ${result.cards} in the site, ${result.drawn} drawn, ${result.removed} no page ` +
      `names any more removed (${Date.now() - started} ms).`,
  );
};
