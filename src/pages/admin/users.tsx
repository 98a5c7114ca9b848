import { type HeadFC } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { StaffAdmin } from '@/features/staff/components/staff-admin';

/** Prebuilt as an empty shell; the lists load in the browser for a signed-in admin. */
export default function UsersPage() {
  return <StaffAdmin />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Users" pathname={location.pathname}>
    <meta name="robots" content="noindex" />
  </Seo>
);
