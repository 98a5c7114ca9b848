import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { DEFAULT_FONT_DIR } from '@site/pipeline/image-service';
import { siteDirectory } from '../lib/site-dir';
import { buildSocialCards, warmSocialCards } from './build-cards';
import { CARDS_CACHE, CARDS_KEPT } from './requests';

/**
 * Social cards for the prebuilt pages: the page render notes the card each page's head names
 * (./gatsby-ssr.tsx, in the folder plugins/webpack-settings hands it through ./webpack-config.ts),
 * and after the build every card is drawn, or taken from `.social-cards/` when it was drawn before
 * (./build-cards.ts), into public/og/.
 *
 * The cards of the posts without a cover are known once the data is in: title and category,
 * which the post page's head gives its card. They are drawn from then on, one at a time, while
 * webpack compiles the bundles (which keeps one core busy, not two), so that at the end of the
 * build most cards are found drawn. A guess that the pages do not confirm costs only its drawing:
 * what the pages ask for is what the build puts in public/, and a card no page asks for leaves the
 * cache.
 */
let warming: { done: Promise<number>; stop: AbortController } | null = null;

interface PostNode {
  title?: unknown;
  category?: unknown;
  coverImage?: unknown;
}

export const onPostBootstrap: GatsbyNode['onPostBootstrap'] = ({ getNodesByType, reporter }) => {
  // `gatsby develop` draws no cards.
  if (process.env.NODE_ENV !== 'production') return;
  const labels = new Map<unknown, unknown>(
    getNodesByType('CategoriesYaml').map((node) => [node.name, node.title]),
  );
  const requests = (getNodesByType('BlogPost') as PostNode[])
    .filter((post) => typeof post.title === 'string' && !post.coverImage)
    .map((post) => {
      const label = labels.get(post.category) ?? post.category;
      return { title: post.title as string, label: typeof label === 'string' ? label : null };
    });
  const stop = new AbortController();
  const done = warmSocialCards({
    requests,
    cacheDir: path.join(siteDirectory(), CARDS_KEPT),
    fontDir: DEFAULT_FONT_DIR,
    signal: stop.signal,
  }).catch((error: unknown) => {
    // Only a head start: the cards are drawn after the pages all the same.
    reporter.warn(`Social cards: drawing ahead failed (${String(error)}); drawn after the pages.`);
    return 0;
  });
  warming = { done, stop };
};

export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter }) => {
  const siteDir = siteDirectory();
  // Once the pages are written both cores are free: the cards not drawn ahead yet are drawn two
  // at a time below, not one at a time by the head start, which stops after its current card.
  warming?.stop.abort();
  const ahead = warming ? await warming.done : 0;
  warming = null;
  const started = Date.now();
  const result = await buildSocialCards({
    requestsDir: path.join(siteDir, CARDS_CACHE, 'requests'),
    cacheDir: path.join(siteDir, CARDS_KEPT),
    publicDir: path.join(siteDir, 'public'),
    fontDir: DEFAULT_FONT_DIR,
    warn: (message) => reporter.warn(message),
  });
  reporter.info(
    `Social cards: ${result.cards} in the site, ${ahead} drawn ahead while the bundles were ` +
      `built, ${result.drawn} drawn after the pages, ${result.removed} no page names any more ` +
      `removed (${Date.now() - started} ms after the pages).`,
  );
};
