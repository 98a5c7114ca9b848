import type { Draft } from '@site/contracts';
import React, { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Spinner } from '@/components/ui/spinner';
import { PostNotFound } from '@/features/blog/components/post-not-found';
import { ApiError } from '@/lib/api-client';
import { draftsApi } from '../api/drafts-api';
import { DraftPreview } from './draft-preview';
import { useCategories } from './use-categories';

type State =
  { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'ready'; draft: Draft };

/** `/admin/drafts/{id}/preview`: an unpublished draft with the post page's states (SPEC §2). */
export function DraftPreviewPage({ draftId }: { draftId: number | null }) {
  const categories = useCategories();
  const [state, setState] = useState<State>(
    draftId ? { kind: 'loading' } : { kind: 'missing', message: 'Invalid post' },
  );

  useEffect(() => {
    if (!draftId) return undefined;
    let current = true;
    draftsApi
      .get(draftId)
      .then((draft) => current && setState({ kind: 'ready', draft }))
      .catch((cause: unknown) => {
        if (!current) return;
        const message =
          cause instanceof ApiError && cause.status === 404
            ? 'The post you are looking for does not exist.'
            : cause instanceof Error
              ? cause.message
              : 'Failed to load post';
        setState({ kind: 'missing', message });
      });
    return () => {
      current = false;
    };
  }, [draftId]);

  if (state.kind === 'loading') {
    return (
      <Loading>
        <Spinner label="Loading post..." />
      </Loading>
    );
  }
  if (state.kind === 'missing') return <PostNotFound message={state.message} />;
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
