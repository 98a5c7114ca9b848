import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { PostBody } from '@/features/blog/components/post-body';
import { PostHead, PostPage } from '@/features/blog/components/post-page';
import '@/features/blog/styles/prism-theme.css';

/**
 * Every markdown post (content/blog/*.md). The body was compiled to HTML at build time by the one
 * content pipeline (@site/pipeline), which shows raw HTML as text and ends with an allowlist
 * sanitiser, so the HTML is inserted as it is. One template for all posts: a new post adds a page,
 * not a webpack module.
 */
export default function BlogPostTemplate({ data }: PageProps<Queries.BlogPostBySlugQuery>) {
  const html = data.blogPost?.html ?? '';
  return <PostPage data={data} body={<PostBody dangerouslySetInnerHTML={{ __html: html }} />} />;
}

export function Head({ data, location }: HeadProps<Queries.BlogPostBySlugQuery>) {
  return <PostHead data={data} pathname={location.pathname} />;
}

export const query = graphql`
  query BlogPostBySlug($slug: String!, $relatedIds: [String!]!) {
    ...BlogPostPageContext
    blogPost(slug: { eq: $slug }) {
      ...BlogPostPage
      html
    }
  }

  # What a post page shows besides its body; the MDX template's query asks for the same.
  fragment BlogPostPage on BlogPost {
    slug
    title
    description
    date
    category
    categoryInfo {
      name
      title
      description
    }
    author
    tags
    headings {
      level
      text
      id
    }
    series
    seriesOrder
    readingTime
    wordCount
    draft
    coverAlt
    coverImage
  }

  # The site address (for the canonical URL and JSON-LD) and the related posts the build chose.
  fragment BlogPostPageContext on Query {
    site {
      siteMetadata {
        siteUrl
      }
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
        coverImage
        coverAlt
      }
    }
  }
`;
