import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { CheckDocument } from '@/features/giveaway/components/subpage-documents';

/**
 * /giveaway/{id}/check ("Was I in the draw?") as a document page, for a visitor without a
 * session: never linked nor served at its own address; the server draws the giveaway's page into
 * it (src/request-render/giveaway-check-document.tsx) and serves it at the page's address.
 */
export default function GiveawayCheckDocumentPage() {
  return <CheckDocument giveaway={null} />;
}

export const Head: HeadFC = () => (
  <Seo title="Was I in the draw?" pathname="/giveaway/[...]">
    <meta name="robots" content="noindex" />
  </Seo>
);
