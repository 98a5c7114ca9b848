import fs from 'node:fs';
import path from 'node:path';
import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { SocialCardCollector, type SocialCardRequest } from '../../src/lib/social-card';
import { requestFileName } from './requests';

/**
 * While pages are rendered, each card a page's <Seo> names is noted in a file of its own under
 * the build's folder of card requests (given by ./gatsby-node.ts); the build draws them after the
 * pages are written. Files stay between builds: a page Gatsby does not render again keeps its
 * card.
 */
const requestsDir = process.env.SOCIAL_CARD_REQUESTS;
/** Cards this render process has noted already. */
const noted = new Set<string>();

function note(address: string, request: Required<SocialCardRequest>): void {
  if (!requestsDir || noted.has(address)) return;
  noted.add(address);
  fs.mkdirSync(requestsDir, { recursive: true });
  const file = path.join(requestsDir, requestFileName(address));
  // Written whole under another name, then renamed: another render process may note it too.
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, JSON.stringify({ address, ...request }));
  fs.renameSync(partial, file);
}

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) =>
  requestsDir ? (
    <SocialCardCollector.Provider value={note}>{element}</SocialCardCollector.Provider>
  ) : (
    element
  );
