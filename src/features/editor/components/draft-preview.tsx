import type { DraftWrite } from '@site/contracts';
import React, { useDeferredValue, useMemo } from 'react';
import { PostArticle } from '@/features/blog/components/post-article';
import { PostBody } from '@/features/blog/components/post-body';
import { PostSidebar } from '@/features/blog/components/post-sidebar';
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

  return (
    <PostArticle
      hero={{
        title: draft.title || 'Untitled post',
        description: draft.description,
        date: publishDate(),
        author: draft.author || null,
        categoryTitle: category.title,
        readingTime,
        series:
          draft.series && draft.series_order
            ? { name: draft.series, order: draft.series_order }
            : null,
        draft: false,
      }}
      headings={headings}
      tags={tags}
      sidebar={layout === 'page' ? <PostSidebar related={[]} category={category} /> : undefined}
    >
      {/* renderMarkdown escapes raw HTML and applies the link rules, so its output is safe here. */}
      <PostBody dangerouslySetInnerHTML={{ __html: html }} />
    </PostArticle>
  );
}
