import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { visibleTags } from '@site/contracts/blog/filters';
import { CardDescription, CardFrame, CardHeading } from '@/components/ui/card';
import { formatCalendarDate } from '@/lib/dates';
import type { PostCard as PostCardData } from '@site/contracts/blog/types';
import { CardCover } from './post-cover';
import { stretchedLink } from './stretched-link';
import { spreadRow, wrappingList } from '@/styles/layout';

export interface PostCardProps {
  post: PostCardData;
  /** Category title shown above the title; omitted when the list is already one category. */
  categoryTitle?: string;
}

export function PostCard({ post, categoryTitle }: PostCardProps) {
  const { shown, more } = visibleTags(post.tags);
  return (
    <Article>
      <CardCover picture={post.coverImage} alt={post.coverAlt ?? ''} className="card-cover" />
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

/** Without a picture the frame itself holds the text, padded as a card body. */
const Article = styled(CardFrame).attrs({ $fill: true, $lift: true })`
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};

  .card-cover {
    margin: calc(-1 * ${({ theme }) => theme.space[6]}) calc(-1 * ${({ theme }) => theme.space[6]})
      ${({ theme }) => theme.space[2]};
  }

  .card-cover img {
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: 0;
  }
`;

const Meta = styled.div`
  ${spreadRow('center', 2)}
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Category = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;

const Title = styled(CardHeading)`
  a {
    ${stretchedLink}
  }
`;

const Excerpt = styled(CardDescription)`
  flex: 1;
  line-height: 1.6;
`;

const Tags = styled.ul`
  ${wrappingList(2)}

  li {
    padding: 0.125rem 0.625rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 600;
  }
`;
