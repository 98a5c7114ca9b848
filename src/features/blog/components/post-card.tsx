import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { visibleTags } from '../lib/filters';
import { formatCalendarDate } from '@/lib/dates';
import type { PostCard as PostCardData } from '../lib/types';
import { stretchedLink } from './stretched-link';

export interface PostCardProps {
  post: PostCardData;
  /** Category title shown above the title; omitted when the list is already one category. */
  categoryTitle?: string;
}

export function PostCard({ post, categoryTitle }: PostCardProps) {
  const { shown, more } = visibleTags(post.tags);
  return (
    <Article>
      <Meta>
        <time dateTime={post.date}>{formatCalendarDate(post.date, 'short')}</time>
        {categoryTitle ? <Category>{categoryTitle}</Category> : null}
      </Meta>
      <Title>
        <Link to={`/blog/${post.slug}`}>{post.title}</Link>
      </Title>
      <Excerpt>{post.excerpt}</Excerpt>
      {shown.length > 0 ? (
        <Tags aria-label="Tags">
          {shown.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
          {more > 0 ? (
            <li>
              <span aria-hidden="true">+{more}</span>
              <span className="sr-only">
                and {more} more {more === 1 ? 'tag' : 'tags'}
              </span>
            </li>
          ) : null}
        </Tags>
      ) : null}
    </Article>
  );
}

const Article = styled.article`
  position: relative;
  height: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition:
    transform 0.2s ease,
    box-shadow 0.2s ease,
    border-color 0.2s ease;

  &:hover,
  &:focus-within {
    transform: translateY(-2px);
    box-shadow: ${({ theme }) => theme.shadows.md};
    border-color: ${({ theme }) => theme.colors.primary};
  }

  ${({ theme }) => theme.media.reducedMotion} {
    transition: none;

    &:hover,
    &:focus-within {
      transform: none;
    }
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Category = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1.3;

  a {
    ${stretchedLink}
  }
`;

const Excerpt = styled.p`
  flex: 1;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.6;
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 0.125rem 0.625rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 600;
  }
`;
