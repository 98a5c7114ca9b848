import type { HeadFC, PageProps } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { DraftsRoute } from '@/features/editor/components/drafts-route';

/**
 * Client-only (matchPath /admin/drafts/*): the drafts list, /admin/drafts/{id} (the editor) and
 * /admin/drafts/{id}/preview. Everything loads in the browser for a signed-in editor or admin.
 */
export default function DraftsPage({ location }: PageProps) {
  return <DraftsRoute pathname={location.pathname} />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Drafts" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
