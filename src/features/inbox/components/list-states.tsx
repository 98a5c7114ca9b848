import type { PageOf } from '@site/contracts';
import React from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { PagedListState } from './use-paged-list';
import { emptyFrame } from '@/styles/layout';

const Empty = styled.div`
  ${emptyFrame}

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const EmptyTitle = styled.p`
  && {
    margin-bottom: ${({ theme }) => theme.space[1]};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
`;

const Retry = styled.div`
  margin-top: ${({ theme }) => theme.space[3]};
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[6]};

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export interface ListStatesProps<T> {
  state: PagedListState<T>;
  /** e.g. "enquiries": used in "Loading enquiries..." and the pager's name. */
  noun: string;
  emptyTitle: string;
  emptyText: string;
  onRetry: () => void;
  onPage: (page: number) => void;
  children: (data: PageOf<T>) => React.ReactNode;
}

/** Loading, error, empty and paginated states shared by the three inbox lists. */
export function ListStates<T>({
  state,
  noun,
  emptyTitle,
  emptyText,
  onRetry,
  onPage,
  children,
}: ListStatesProps<T>) {
  if (state.kind === 'loading') return <Spinner label={`Loading ${noun}...`} />;
  if (state.kind === 'error') {
    return (
      <Alert variant="error" title={`Could not load ${noun}`}>
        <p>{state.message}</p>
        <Retry>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </Retry>
      </Alert>
    );
  }
  const { data } = state;
  if (data.total === 0) {
    return (
      <Empty>
        <EmptyTitle>{emptyTitle}</EmptyTitle>
        <p>{emptyText}</p>
      </Empty>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.per_page));
  return (
    <>
      {children(data)}
      {pages > 1 ? (
        <Pager aria-label={`Pages of ${noun}`}>
          <Button
            size="sm"
            variant="secondary"
            disabled={data.page <= 1}
            onClick={() => onPage(data.page - 1)}
          >
            Previous
          </Button>
          <p aria-live="polite">
            Page {data.page} of {pages} ({data.total} in total)
          </p>
          <Button
            size="sm"
            variant="secondary"
            disabled={data.page >= pages}
            onClick={() => onPage(data.page + 1)}
          >
            Next
          </Button>
        </Pager>
      ) : null}
    </>
  );
}
