import { type HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { AccountSettings } from '@/features/staff/components/account-settings';

export default function AccountPage() {
  return <AccountSettings />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Your account" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
