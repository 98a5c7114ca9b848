import { graphql, useStaticQuery } from 'gatsby';
import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { CardCover, HOME_COVER_SIZES } from './post-cover';
import { formatCalendarDate } from '@/lib/dates';
import { stretchedLink } from './stretched-link';

export interface InsightSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  coverImage?: unknown;
  coverAlt?: string | null;
  date: string;
}

/** The words around the posts (the `insights` of content/home.yaml). */
export interface LatestInsightsCopy {
  title: string;
  lead: string;
  /** Shown while no post is published. */
  empty: string;
  /** The link to /blog. */
  more: string;
}

/**
 * Home's "Latest Insights": the three newest posts. The posts come from a static query, so they are
 * in the prebuilt HTML and there is no loading state to show.
 */
export function LatestInsights({ copy }: { copy: LatestInsightsCopy }) {
  const data = useStaticQuery<Queries.LatestInsightsQuery>(graphql`
    query LatestInsights {
      allBlogPost(sort: { date: DESC }, limit: 3) {
        nodes {
          id
          slug
          title
          excerpt
          date
          coverImage
          coverAlt
        }
      }
    }
  `);
  return <LatestInsightsView posts={data.allBlogPost.nodes} copy={copy} />;
}

export function LatestInsightsView({
  posts,
  copy,
}: {
  posts: readonly InsightSummary[];
  copy: LatestInsightsCopy;
}) {
  return (
    <Section aria-labelledby="latest-insights-title">
      <Header>
        <h2 id="latest-insights-title">{copy.title}</h2>
        <p>{copy.lead}</p>
      </Header>
      {posts.length === 0 ? (
        <Empty>{copy.empty}</Empty>
      ) : (
        <Grid>
          {posts.slice(0, 3).map((post) => (
            <li key={post.id}>
              <Article>
                <CardCover
                  picture={post.coverImage}
                  alt={post.coverAlt ?? ''}
                  sizes={HOME_COVER_SIZES}
                />
                <time dateTime={post.date}>{formatCalendarDate(post.date)}</time>
                <h3>
                  <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                </h3>
                <p>{post.excerpt}</p>
              </Article>
            </li>
          ))}
        </Grid>
      )}
      <Footer>
        <AllLink to="/blog">{copy.more}</AllLink>
      </Footer>
    </Section>
  );
}

const Section = styled.section`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[16]} ${theme.space[4]}`};
`;

const Header = styled.div`
  text-align: center;
  margin-bottom: ${({ theme }) => theme.space[10]};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0;
  }
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  grid-template-columns: 1fr;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, 1fr);
  }

  > li {
    display: flex;
  }
`;

const Article = styled.article`
  position: relative;
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition: box-shadow 0.2s ease;

  &:hover,
  &:focus-within {
    box-shadow: ${({ theme }) => theme.shadows.md};
  }

  time {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    line-height: 1.3;
  }

  h3 a {
    ${stretchedLink}
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.6;
  }
`;

const Empty = styled.p`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  padding: ${({ theme }) => theme.space[8]};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  margin: 0;
`;

const Footer = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space[10]};
`;

const AllLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[6]}`};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
