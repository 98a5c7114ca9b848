import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { ClaimDocument } from '@/features/giveaway/components/mailed-link-documents';

/**
 * /giveaway/{id}/claim as a document page, for a visitor without a session: never linked nor
 * served at its own address; the server draws the giveaway and the claim link's state into it
 * and serves it at the claim link's address.
 */
export default function GiveawayClaimDocumentPage() {
  return <ClaimDocument giveaway={null} />;
}

export const Head: HeadFC = () => (
  <Seo title="Claim Your Prize" pathname="/giveaway/[...]">
    <meta name="robots" content="noindex" />
  </Seo>
);
