import { type HeadFC, type PageProps } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { ConfirmSubscription } from '@/features/newsletter/components/confirm-subscription';

export default function NewsletterConfirmPage({ location }: PageProps) {
  return <ConfirmSubscription search={location.search} />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Confirm your subscription" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
