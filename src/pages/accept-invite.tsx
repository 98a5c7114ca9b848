import { type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { AcceptInvite } from '@/features/staff/components/accept-invite';

export default function AcceptInvitePage({ location }: PageProps) {
  return <AcceptInvite search={location.search} />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Accept your invitation" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
    <meta name="referrer" content="no-referrer" />
  </Seo>
);
