import React, { type ReactNode } from 'react';
import styled from 'styled-components';
import { labelHeading } from '@/styles/label-heading';
import { Container } from '@/components/ui/container';
import { PostHero, type PostHeroProps } from './post-hero';
import { TableOfContents, type TocHeading } from './table-of-contents';
import { wrappingList } from '@/styles/layout';

export interface PostArticleProps {
  hero: PostHeroProps;
  headings: readonly TocHeading[];
  tags: readonly string[];
  /** The post body, already wrapped in PostBody. */
  children: ReactNode;
  /** With a sidebar the page layout (two columns on wide screens); without, one narrow column. */
  sidebar?: ReactNode;
}

/**
 * A post page's article: hero, outline, body and tags. The published template and the editor's
 * draft preview both render it, so a preview looks like the published page by construction.
 */
export function PostArticle({ hero, headings, tags, children, sidebar }: PostArticleProps) {
  const main = (
    <Main>
      {headings.length > 1 ? (
        <TocBox>
          <TableOfContents headings={headings} />
        </TocBox>
      ) : null}
      {children}
      {tags.length > 0 ? (
        <Tags aria-label="Tags">
          <h2>Tags</h2>
          <ul>
            {tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        </Tags>
      ) : null}
    </Main>
  );

  return (
    <article>
      <PostHero {...hero} />
      <Container>
        {sidebar ? (
          <Columns>
            {main}
            {sidebar}
          </Columns>
        ) : (
          <PaneBody>{main}</PaneBody>
        )}
      </Container>
    </article>
  );
}

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

const PaneBody = styled.div`
  padding-block: ${({ theme }) => theme.space[8]};
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
    ${labelHeading}
  }

  ul {
    ${wrappingList(2)}
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
