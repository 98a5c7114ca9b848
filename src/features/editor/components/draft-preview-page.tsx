import React from 'react';
import styled from 'styled-components';
import { Spinner } from '@/components/ui/spinner';
import { PostNotFound } from '@/features/blog';
import { ApiError } from '@/lib/api-client';
import { DraftPreview } from './draft-preview';
import { useCategories } from './use-categories';
import { useDraft } from './use-draft';

/**
 * `/admin/drafts/{id}/preview`: an unpublished draft with the post page's states (loading, not
 * found, loaded).
 */
export function DraftPreviewPage({ draftId }: { draftId: number | null }) {
  const categories = useCategories();
  const state = useDraft(draftId);

  if (state.kind === 'loading') {
    return (
      <Loading>
        <Spinner label="Loading post..." />
      </Loading>
    );
  }
  if (state.kind === 'none') return <PostNotFound message="Invalid post" />;
  if (state.kind === 'failed') {
    const { error } = state;
    const message =
      error instanceof ApiError && error.status === 404
        ? 'The post you are looking for does not exist.'
        : error instanceof Error
          ? error.message
          : 'Failed to load post';
    return <PostNotFound message={message} />;
  }
  return (
    <>
      <Banner role="note">
        Preview of an unpublished draft.{' '}
        <a href={`/admin/drafts/${state.draft.id}`}>Back to the editor</a>
      </Banner>
      <DraftPreview draft={state.draft} categories={categories} layout="page" />
    </>
  );
}

const Loading = styled.div`
  padding-block: ${({ theme }) => theme.space[20]};
`;

const Banner = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colors.warningBg};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-align: center;

  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;
