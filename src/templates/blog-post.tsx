import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { Seo } from '@/components/seo';
import { PostArticle } from '@/features/blog/components/post-article';
import { PostBody } from '@/features/blog/components/post-body';
import { PostSidebar, type RelatedPost } from '@/features/blog/components/post-sidebar';
import '@/features/blog/styles/prism-theme.css';

/** The result of the BlogPostBySlug query below. */
interface Data {
  site: { siteMetadata: { siteUrl: string } } | null;
  blogPost: {
    slug: string;
    title: string;
    description: string;
    date: string;
    category: string;
    categoryInfo: { name: string; title: string; description: string } | null;
    author: string | null;
    tags: string[];
    headings: { level: number; text: string; id: string }[];
    series: string | null;
    seriesOrder: number | null;
    readingTime: number;
    draft: boolean;
    plainText: string;
  } | null;
  related: { nodes: RelatedPost[] };
}

export default function BlogPostTemplate({ data, children }: PageProps<Data>) {
  const post = data.blogPost;
  if (!post) return null;
  const category = post.categoryInfo ?? {
    name: post.category,
    title: post.category,
    description: '',
  };

  return (
    <PostArticle
      hero={{
        title: post.title,
        description: post.description,
        date: post.date,
        author: post.author,
        categoryTitle: category.title,
        readingTime: post.readingTime,
        series:
          post.series && post.seriesOrder ? { name: post.series, order: post.seriesOrder } : null,
        draft: post.draft,
      }}
      headings={post.headings}
      tags={post.tags}
      sidebar={<PostSidebar related={data.related.nodes} category={category} />}
    >
      <PostBody>{children}</PostBody>
    </PostArticle>
  );
}

export function Head({ data, location }: HeadProps<Data>) {
  const post = data.blogPost;
  if (!post) return <Seo title="Post Not Found" pathname={location.pathname} />;
  const siteUrl = data.site?.siteMetadata.siteUrl ?? '';
  const url = `${siteUrl}${location.pathname}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    dateModified: post.date,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': post.author ? 'Person' : 'Organization', name: post.author ?? 'AgentWorks' },
    publisher: { '@type': 'Organization', name: 'AgentWorks', url: siteUrl },
    articleSection: post.categoryInfo?.title ?? post.category,
    keywords: post.tags.join(', '),
    wordCount: post.plainText.split(/\s+/).filter(Boolean).length,
  };
  return (
    <Seo
      title={post.title}
      description={post.description}
      pathname={location.pathname}
      type="article"
    >
      <meta property="article:published_time" content={post.date} />
      <meta property="article:section" content={post.categoryInfo?.title ?? post.category} />
      {post.author ? <meta property="article:author" content={post.author} /> : null}
      {post.tags.map((tag) => (
        <meta key={tag} property="article:tag" content={tag} />
      ))}
      {post.draft ? <meta name="robots" content="noindex" /> : null}
      <script type="application/ld+json">{JSON.stringify(jsonLd)}</script>
    </Seo>
  );
}

export const query = graphql`
  query BlogPostBySlug($slug: String!, $relatedIds: [String!]!) {
    site {
      siteMetadata {
        siteUrl
      }
    }
    blogPost(slug: { eq: $slug }) {
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
      draft
      plainText
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
