import type { HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { RulesDocument } from '@/features/giveaway/components/subpage-documents';

/**
 * /giveaway/{id}/rules as a document page, for a visitor without a session: never linked nor
 * served at its own address; the server draws the rules into it (src/request-render/
 * giveaway-rules-document.tsx) and serves it at the rules' address.
 */
export default function GiveawayRulesDocumentPage() {
  return <RulesDocument rules={null} />;
}

export const Head: HeadFC = () => (
  <Seo title="Official Rules" pathname="/giveaway/[...]">
    <meta name="robots" content="noindex" />
  </Seo>
);
