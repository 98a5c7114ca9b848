import { type HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { Inbox } from '@/features/inbox/components/inbox';

/** Prebuilt as an empty shell; everything inside loads in the browser for a signed-in admin. */
export default function InboxPage() {
  return <Inbox />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Inbox" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
