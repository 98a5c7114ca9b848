import { type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { UnsubscribePanel } from '@/features/newsletter/components/unsubscribe-panel';

export default function NewsletterUnsubscribePage({ location }: PageProps) {
  return <UnsubscribePanel search={location.search} />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Unsubscribe" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
