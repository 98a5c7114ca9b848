import type { DraftWrite } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { utcDateIso } from '@/lib/dates';
import { PostArticle, PostBody, PostCover, PostSidebar } from '@/features/blog';
import type { EditorCategory } from './use-categories';
import { usePreview } from './use-preview';

export interface DraftPreviewProps {
  draft: DraftWrite;
  categories: readonly EditorCategory[];
  /** The full page (with the sidebar), or the narrow pane beside the editor. */
  layout?: 'page' | 'pane';
  /** The post's own date when it edits a published post; otherwise today (the publishing day). */
  date?: string;
}

/** Today's UTC day, as post dates are stored: the date the post will carry if published now. */
function publishDate(): string {
  return `${utcDateIso()}T00:00:00.000Z`;
}

/**
 * A draft drawn with the published post page's own pieces (hero, outline, body styles, tags), its
 * body compiled by the server with the build's own pipeline: what the editor sees is what will be
 * published.
 */
export function DraftPreview({ draft, categories, layout = 'pane', date }: DraftPreviewProps) {
  const state = usePreview(draft.body, draft.cover ?? '');
  const category = categories.find((item) => item.name === draft.category) ?? {
    name: draft.category,
    title: draft.category || 'No category yet',
    description: '',
  };
  const tags = draft.tags.filter((tag) => tag.trim());
  const preview = state.kind === 'ready' ? state.preview : null;

  return (
    <PostArticle
      hero={{
        title: draft.title || 'Untitled post',
        description: draft.description,
        date: date ?? publishDate(),
        author: draft.author || null,
        categoryTitle: category.title,
        readingTime: preview?.reading_time ?? 1,
        series:
          draft.series && draft.series_order
            ? { name: draft.series, order: draft.series_order }
            : null,
        draft: false,
      }}
      headings={preview?.headings ?? []}
      tags={tags}
      sidebar={layout === 'page' ? <PostSidebar related={[]} category={category} /> : undefined}
    >
      {state.kind === 'loading' ? <Spinner label="Loading preview..." /> : null}
      {state.kind === 'failed' ? (
        <Alert variant="error" title="No preview">
          {state.message}
        </Alert>
      ) : null}
      {preview && preview.problems.length > 0 ? (
        <Alert variant="warning" title="This body cannot be published yet">
          <ul>
            {preview.problems.map((problem) => (
              <li key={problem.line}>
                Line {problem.line} {problem.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {preview?.cover && draft.cover ? (
        <PostCover picture={preview.cover} alt={draft.cover_alt ?? ''} />
      ) : null}
      {preview ? (
        <Stale
          $stale={state.kind === 'ready' && state.stale}
          aria-busy={state.kind === 'ready' && state.stale}
        >
          {/* The server's pipeline shows raw HTML as text and sanitises its output last. */}
          <PostBody dangerouslySetInnerHTML={{ __html: preview.html }} />
        </Stale>
      ) : null}
    </PostArticle>
  );
}

const Stale = styled.div<{ $stale: boolean }>`
  min-width: 0;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
  transition: opacity 0.15s ease;
`;
