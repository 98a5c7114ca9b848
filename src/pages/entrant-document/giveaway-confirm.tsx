import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { ConfirmDocument } from '@/features/giveaway/components/mailed-link-documents';

/**
 * /giveaway/{id}/confirm as a document page, for a visitor without a session: never linked nor
 * served at its own address; the server draws the giveaway (and, for a link with its token, the
 * confirm button) into it and serves it at the confirmation link's address.
 */
export default function GiveawayConfirmDocumentPage() {
  return <ConfirmDocument giveaway={null} />;
}

export const Head: HeadFC = () => (
  <Seo title="Confirm your entry" pathname="/giveaway/[...]">
    <meta name="robots" content="noindex" />
  </Seo>
);
