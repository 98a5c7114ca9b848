import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { GiveawayDocument } from '@/features/giveaway/components/giveaway-document';

/**
 * /giveaway/{id} as a document page, for a visitor without a session: never linked nor served at
 * its own address; the server draws the giveaway into it (src/request-render/
 * giveaway-detail-document.tsx) and serves it at the giveaway's address. As built it holds the
 * loading frame. Its head names the app page's placeholder path: no canonical address of its own.
 */
export default function GiveawayDocumentPage() {
  return <GiveawayDocument giveaway={null} />;
}

export const Head: HeadFC = () => (
  <Seo title="Giveaway" pathname="/giveaway/[...]">
    <meta name="robots" content="noindex" />
  </Seo>
);
