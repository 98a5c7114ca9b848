import type { HeadFC, PageProps } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { DraftsRoute } from '@/features/editor/components/drafts-route';

/** `/admin/drafts`: prebuilt as an empty shell; the list loads in the browser. */
export default function DraftsIndexPage({ location }: PageProps) {
  return <DraftsRoute pathname={location.pathname} />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Drafts" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
