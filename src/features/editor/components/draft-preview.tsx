import type { DraftWrite } from '@site/contracts';
import React, { useDeferredValue, useMemo } from 'react';
import styled from 'styled-components';
import { Container } from '@/components/ui/container';
import { PostBody } from '@/features/blog/components/post-body';
import { PostHero } from '@/features/blog/components/post-hero';
import { PostSidebar } from '@/features/blog/components/post-sidebar';
import { TableOfContents } from '@/features/blog/components/table-of-contents';
import { extractHeadings, readingTimeMinutes, toPlainText } from '@/features/blog/node/markdown';
// Relative, so Jest's stylesheet stub applies (the @/ alias would map it to the real file first).
import '../../blog/styles/prism-theme.css';
import { renderMarkdown } from '../lib/render-markdown';
import type { EditorCategory } from './use-categories';

export interface DraftPreviewProps {
  draft: DraftWrite;
  categories: readonly EditorCategory[];
  /** The full page (with the sidebar), or the narrow pane beside the editor. */
  layout?: 'page' | 'pane';
}

/** Today at UTC midnight: the date the post will carry if it is published now. */
function publishDate(): string {
  return `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/** A draft drawn with the published post page's own pieces: hero, outline, body styles, tags. */
export function DraftPreview({ draft, categories, layout = 'pane' }: DraftPreviewProps) {
  // Typing stays responsive: the preview re-renders when the browser has time.
  const body = useDeferredValue(draft.body);
  const html = useMemo(() => renderMarkdown(body), [body]);
  const headings = useMemo(() => extractHeadings(body), [body]);
  const readingTime = useMemo(() => readingTimeMinutes(toPlainText(body)), [body]);
  const category = categories.find((item) => item.name === draft.category) ?? {
    name: draft.category,
    title: draft.category || 'No category yet',
    description: '',
  };
  const tags = draft.tags.filter((tag) => tag.trim());

  const main = (
    <Main>
      {headings.length > 1 ? (
        <TocBox>
          <TableOfContents headings={headings} />
        </TocBox>
      ) : null}
      {/* renderMarkdown escapes raw HTML and applies the link rules, so its output is safe here. */}
      <PostBody dangerouslySetInnerHTML={{ __html: html }} />
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
      <PostHero
        title={draft.title || 'Untitled post'}
        description={draft.description}
        date={publishDate()}
        author={draft.author || null}
        categoryTitle={category.title}
        readingTime={readingTime}
        series={
          draft.series && draft.series_order
            ? { name: draft.series, order: draft.series_order }
            : null
        }
        draft={false}
      />
      <Container>
        {layout === 'page' ? (
          <Columns>
            {main}
            <PostSidebar related={[]} category={category} />
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
