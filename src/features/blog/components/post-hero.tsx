import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { Badge } from '@/components/ui/badge';
import { Container } from '@/components/ui/container';
import { toKey } from '@site/contracts/blog/filters';
import { formatCalendarDate } from '@/lib/dates';
import { ShareIsland } from './share-island';
import { wrappingRow } from '@/styles/layout';

export interface PostHeroProps {
  title: string;
  description: string;
  date: string;
  author: string | null;
  categoryTitle: string;
  readingTime: number;
  series: { name: string; order: number } | null;
  draft: boolean;
}

export function PostHero({
  title,
  description,
  date,
  author,
  categoryTitle,
  readingTime,
  series,
  draft,
}: PostHeroProps) {
  return (
    <Hero>
      <Container>
        <Inner>
          <BackLink to="/blog">
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M19 12H5M11 18l-6-6 6-6" />
            </svg>
            Back to Blog
          </BackLink>
          <Badges>
            <Badge $variant="info">{categoryTitle}</Badge>
            {series ? (
              <SeriesLabel to={`/blog?series=${toKey(series.name)}`}>
                {series.name} · Part {series.order}
              </SeriesLabel>
            ) : null}
            {draft ? <Badge $variant="warning">Draft (development only)</Badge> : null}
          </Badges>
          <h1>{title}</h1>
          <Lead>{description}</Lead>
          <Meta>
            <span>
              <time dateTime={date}>{formatCalendarDate(date)}</time>
            </span>
            {author ? <span>By {author}</span> : null}
            <span>{readingTime} min read</span>
          </Meta>
          <ShareIsland title={title} description={description} />
        </Inner>
      </Container>
    </Hero>
  );
}

const Hero = styled.header`
  padding-block: ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[10]};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[12]};
  }
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};

  h1 {
    margin: ${({ theme }) => theme.space[4]} 0;
    color: #ffffff;
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
    line-height: 1.2;
    overflow-wrap: anywhere;

    ${({ theme }) => theme.media.md} {
      font-size: ${({ theme }) => theme.fontSizes['5xl']};
    }
  }
`;

/* Same outer width as the body below, so the hero's left edge lines up with the article text. */
const Inner = styled.div`
  max-width: 800px;
`;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 2.5rem;
  margin-bottom: ${({ theme }) => theme.space[6]};
  padding: 0 ${({ theme }) => theme.space[4]};
  border: 1px solid rgba(255, 255, 255, 0.35);
  border-radius: ${({ theme }) => theme.radii.pill};
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    background: rgba(255, 255, 255, 0.12);
    color: #ffffff;
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Badges = styled.div`
  ${wrappingRow(3)}
  align-items: center;
`;

const SeriesLabel = styled(Link)`
  color: ${({ theme }) => theme.colors.darkText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  text-decoration: underline;
  text-decoration-color: rgba(255, 255, 255, 0.4);
  text-underline-offset: 3px;

  &:hover {
    color: #ffffff;
    text-decoration-color: currentColor;
  }

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.darkText};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.6;

  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  margin: 0 0 ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  /* The separator trails its item, so a wrapped line never starts with a dot. */
  span:not(:last-child)::after {
    content: '·';
    margin-left: ${({ theme }) => theme.space[3]};
  }
`;
