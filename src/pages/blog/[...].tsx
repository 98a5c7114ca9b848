import type { HeadFC, PageProps } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { PostNotFound } from '@/features/blog/components/post-not-found';

/**
 * Client-only fallback for /blog/* (matchPath /blog/*). Every real post has its own static page,
 * which wins over this match; anything else under /blog lands here. The server answers these
 * addresses with HTTP 404 while serving this page.
 */
export default function BlogPostFallback(_props: PageProps) {
  return <PostNotFound />;
}

export const Head: HeadFC = ({ location }) => (
  <Seo
    title="Post Not Found"
    description="The post you are looking for does not exist."
    pathname={location.pathname}
  >
    <meta name="robots" content="noindex" />
  </Seo>
);
