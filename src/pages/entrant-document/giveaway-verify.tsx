import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { VerifyDocument } from '@/features/giveaway/components/subpage-documents';

/**
 * /giveaway/{id}/verify as a document page, for a visitor without a session: never linked nor
 * served at its own address; the server draws the draw's record into it (src/request-render/
 * giveaway-verify-document.tsx) and serves it at the verification's address.
 */
export default function GiveawayVerifyDocumentPage() {
  return <VerifyDocument v={null} />;
}

export const Head: HeadFC = () => (
  <Seo title="Verify the Draw" pathname="/giveaway/[...]">
    <meta name="robots" content="noindex" />
  </Seo>
);
