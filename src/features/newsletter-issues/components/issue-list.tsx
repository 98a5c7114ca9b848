import type { NewsletterIssue } from '@site/contracts';
import React, { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { fetchIssues } from '../api/issues-api';
import { IssueProgress } from './issue-progress';
import { gridList } from '@/styles/layout';

/** While an issue is sending, its counts are read again this often. */
export const REFRESH_MS = 3_000;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled.ul`
  ${gridList(4)}

  > li {
    padding: ${({ theme }) => theme.space[4]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; items: NewsletterIssue[] };

/** The inbox's "Newsletter issues" tab: each issue's progress, refreshed while any is sending. */
export function IssueList() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    try {
      const { items } = await fetchIssues();
      setState({ kind: 'ready', items });
    } catch (error) {
      setState({
        kind: 'error',
        message: error instanceof ApiError ? error.message : 'Could not load the issues.',
      });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const sending = state.kind === 'ready' && state.items.some((i) => i.status === 'sending');
  useEffect(() => {
    if (!sending) return undefined;
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [sending, load]);

  const replace = (issue: NewsletterIssue) =>
    setState((current) =>
      current.kind === 'ready'
        ? { ...current, items: current.items.map((i) => (i.id === issue.id ? issue : i)) }
        : current,
    );

  return (
    <>
      <Intro>
        Posts mailed to the confirmed subscribers. Editors start an issue from a published post on
        the Drafts screen; sending runs in the background and can be cancelled here.
      </Intro>
      {state.kind === 'loading' ? <Spinner label="Loading issues..." /> : null}
      {state.kind === 'error' ? (
        <Alert variant="error">
          {state.message}{' '}
          <Button type="button" size="sm" variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {state.kind === 'ready' && state.items.length === 0 ? <p>No issues yet.</p> : null}
      {state.kind === 'ready' && state.items.length > 0 ? (
        <List aria-label="Newsletter issues">
          {state.items.map((issue) => (
            <li key={issue.id}>
              <IssueProgress issue={issue} onChange={replace} />
            </li>
          ))}
        </List>
      ) : null}
    </>
  );
}
