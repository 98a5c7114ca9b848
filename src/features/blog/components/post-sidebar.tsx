import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { ButtonLink } from '@/components/ui/button';
import { NewsletterIsland } from '@/features/newsletter';
import { formatCalendarDate } from '@/lib/dates';
import { CardCover, RELATED_COVER_SIZES } from './post-cover';
import { columnStack, stackedList } from '@/styles/layout';

export interface RelatedPost {
  id: string;
  slug: string;
  title: string;
  date: string;
  coverImage?: unknown;
  coverAlt?: string | null;
}

export interface PostSidebarProps {
  related: readonly RelatedPost[];
  category: { name: string; title: string; description: string };
}

export function PostSidebar({ related, category }: PostSidebarProps) {
  return (
    <Aside aria-label="More from the blog">
      <NewsletterIsland />
      {related.length > 0 ? (
        <Panel aria-labelledby="post-related-label">
          <h2 id="post-related-label">Related posts</h2>
          <ul>
            {related.map((post) => (
              <li key={post.id}>
                <CardCover
                  picture={post.coverImage}
                  alt={post.coverAlt ?? ''}
                  sizes={RELATED_COVER_SIZES}
                />
                <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                <time dateTime={post.date}>{formatCalendarDate(post.date, 'short')}</time>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      <Panel aria-labelledby="post-category-label">
        <h2 id="post-category-label">{category.title}</h2>
        <p>{category.description}</p>
        <ButtonLink
          to={`/blog?category=${encodeURIComponent(category.name)}`}
          variant="secondary"
          size="sm"
          block
        >
          View all {category.title} posts
        </ButtonLink>
      </Panel>
    </Aside>
  );
}

const Aside = styled.aside`
  ${columnStack(6)}
`;

const Panel = styled.section`
  padding: ${({ theme }) => theme.space[6]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.bg};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space[4]};
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.5;
  }

  ul {
    ${stackedList(4)}
  }

  li {
    ${columnStack(1)}
  }

  li a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    line-height: 1.35;
    text-decoration: none;

    &:hover {
      color: ${({ theme }) => theme.colors.primary};
      text-decoration: underline;
    }

    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }

  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
