import type { DraftDeletion } from '@site/contracts';
import React, { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { draftsApi } from '../api/drafts-api';
import { JobList, Lead, Muted, Section } from './publish-jobs';

/** The record of deleted drafts (newest first), loaded once and again after each deletion. */
export function useDraftDeletions() {
  const [deletions, setDeletions] = useState<DraftDeletion[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    draftsApi
      .deletions()
      .then((answer) => setDeletions(answer.items))
      .catch((cause: unknown) =>
        setError(
          cause instanceof Error
            ? cause.message
            : 'The record of deleted drafts could not be loaded.',
        ),
      );
  }, []);

  useEffect(load, [load]);

  return { deletions, error, reload: load };
}

/** "Draft by dana · deleted by lee · Nov 22, 2026, 9:14 AM". */
export function deletionByline(deletion: DraftDeletion): string {
  return `Draft by ${deletion.created_by} · deleted by ${deletion.deleted_by} · ${formatDateTime(deletion.deleted_at)}`;
}

/** "Deleted drafts": which drafts were deleted, whose they were, who deleted them and when. */
export function DeletedDraftsSection({
  deletions,
  error,
  onRetry,
}: {
  deletions: DraftDeletion[] | null;
  error: string | null;
  onRetry: () => void;
}) {
  let content: React.ReactNode;
  if (error) {
    content = (
      <Alert variant="error" title="Could not load the deleted drafts">
        {error}{' '}
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!deletions) {
    content = <Spinner label="Loading the deleted drafts..." />;
  } else if (deletions.length === 0) {
    content = <Muted>No draft has been deleted.</Muted>;
  } else {
    content = (
      <JobList>
        {deletions.map((deletion) => (
          <li key={deletion.id}>
            <Name>{deletion.title || 'Untitled draft'}</Name>
            <Muted>{deletionByline(deletion)}</Muted>
          </li>
        ))}
      </JobList>
    );
  }
  return (
    <Section aria-labelledby="deleted-drafts-heading">
      <h2 id="deleted-drafts-heading">Deleted drafts</h2>
      <Lead>Who deleted which draft, and when; newest first.</Lead>
      {content}
    </Section>
  );
}

const Name = styled.strong`
  overflow-wrap: anywhere;
`;
