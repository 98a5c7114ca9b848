import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import styled from 'styled-components';
import { Seo } from '@/components/seo';
import { Container } from '@/components/ui/container';
import { PostBody } from '@/features/blog/components/post-body';
import { PostHero } from '@/features/blog/components/post-hero';
import { PostSidebar, type RelatedPost } from '@/features/blog/components/post-sidebar';
import { TableOfContents } from '@/features/blog/components/table-of-contents';
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
    <article>
      <PostHero
        title={post.title}
        description={post.description}
        date={post.date}
        author={post.author}
        categoryTitle={category.title}
        readingTime={post.readingTime}
        series={
          post.series && post.seriesOrder ? { name: post.series, order: post.seriesOrder } : null
        }
        draft={post.draft}
      />
      <Container>
        <Columns>
          <Main>
            {post.headings.length > 1 ? (
              <TocBox>
                <TableOfContents headings={post.headings} />
              </TocBox>
            ) : null}
            <PostBody>{children}</PostBody>
            {post.tags.length > 0 ? (
              <Tags aria-label="Tags">
                <h2>Tags</h2>
                <ul>
                  {post.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
              </Tags>
            ) : null}
          </Main>
          <PostSidebar related={data.related.nodes} category={category} />
        </Columns>
      </Container>
    </article>
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

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[10]};
  padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[16]};

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) 320px;
    gap: ${({ theme }) => theme.space[12]};
  }
`;

const Main = styled.div`
  min-width: 0;
  max-width: 760px;
`;

const TocBox = styled.div`
  margin-bottom: ${({ theme }) => theme.space[8]};
  padding: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Tags = styled.section`
  margin-top: ${({ theme }) => theme.space[10]};
  padding-top: ${({ theme }) => theme.space[6]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[2]};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
`;
