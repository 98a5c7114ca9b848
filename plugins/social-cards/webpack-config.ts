import path from 'node:path';
import type { WebpackStep } from '../lib/webpack-step';
import { CARDS_CACHE } from './requests';

/**
 * The page render (build-html) learns the folder where ./gatsby-ssr.tsx notes each page's card.
 */
export const socialCardsWebpackConfig: WebpackStep = (config, { stage, siteDir, define }) => {
  if (stage !== 'build-html') return config;
  const requestsDir = path.join(siteDir, CARDS_CACHE, 'requests');
  return {
    ...config,
    plugins: [
      ...(config.plugins ?? []),
      define({ 'process.env.SOCIAL_CARD_REQUESTS': JSON.stringify(requestsDir) }),
    ],
  };
};
