import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { PostBody } from '@/features/blog/components/post-body';
import { PostHead, PostPage } from '@/features/blog/components/post-page';
import '@/features/blog/styles/prism-theme.css';

/**
 * An MDX post (content/blog/*.mdx). MDX is code: only people trusted with the repository write
 * these, through git; the editor's desk writes markdown only. gatsby-plugin-mdx compiles the body
 * into this page's component (children).
 */
export default function BlogPostMdxTemplate({
  data,
  children,
}: PageProps<Queries.BlogPostMdxBySlugQuery>) {
  return <PostPage data={data} body={<PostBody>{children}</PostBody>} />;
}

export function Head({ data, location }: HeadProps<Queries.BlogPostMdxBySlugQuery>) {
  return <PostHead data={data} pathname={location.pathname} />;
}

export const query = graphql`
  query BlogPostMdxBySlug($slug: String!, $relatedIds: [String!]!) {
    site {
      siteMetadata {
        siteUrl
      }
    }
    blogPost(slug: { eq: $slug }) {
      ...BlogPostPage
      html
    }
    related: allBlogPost(
      filter: { id: { in: $relatedIds } }
      sort: [{ date: DESC }, { slug: ASC }]
    ) {
      nodes {
        id
        slug
        title
        date
      }
    }
  }
`;
