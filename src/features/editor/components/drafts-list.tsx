import type { DraftSummary, PublishJob } from '@site/contracts';
import { Link } from 'gatsby';
import React, { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format-date-time';
import { draftsApi } from '../api/drafts-api';
import { useCategories } from './use-categories';

export const JOB_POLL_MS = 3000;

const JOB_LABELS: Record<PublishJob['status'], { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Queued', variant: 'neutral' },
  running: { label: 'Building', variant: 'info' },
  succeeded: { label: 'Live', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

type Confirm = { kind: 'delete' | 'publish'; draft: DraftSummary } | null;

function PublishJobs({ jobs }: { jobs: PublishJob[] }) {
  if (jobs.length === 0) return null;
  return (
    <Section aria-labelledby="publish-jobs-heading">
      <h2 id="publish-jobs-heading">Publishing</h2>
      <JobList>
        {jobs.map((job) => {
          const badge = JOB_LABELS[job.status];
          return (
            <li key={job.id}>
              <JobHead>
                <Badge $variant={badge.variant}>{badge.label}</Badge>
                <strong>{job.title}</strong>
                {job.status === 'succeeded' && job.mode === 'build' ? (
                  <Link to={`/blog/${job.slug}`}>/blog/{job.slug}</Link>
                ) : (
                  <span>/blog/{job.slug}</span>
                )}
              </JobHead>
              <Muted>
                {job.mode === 'git' ? 'Committed to the repository' : 'Site rebuild'} requested by{' '}
                {job.requested_by} · {formatDateTime(job.created_at)}
                {job.finished_at ? ` · finished ${formatDateTime(job.finished_at)}` : ''}
              </Muted>
              {job.status === 'failed' ? (
                <Alert variant="error" title="The site was not updated">
                  The previous version is still online. {job.log_tail.split('\n').slice(-1)[0]}
                </Alert>
              ) : null}
              {job.log_tail ? (
                <details>
                  <summary>Build log</summary>
                  <Log>{job.log_tail}</Log>
                </details>
              ) : null}
            </li>
          );
        })}
      </JobList>
    </Section>
  );
}

/** `/admin/drafts`: every draft, with open, preview, delete and publish, and the publish jobs. */
export function DraftsList() {
  const categories = useCategories();
  const { toast } = useToast();
  const [drafts, setDrafts] = useState<DraftSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [jobs, setJobs] = useState<PublishJob[]>([]);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setError(null);
    draftsApi
      .list()
      .then((page) => setDrafts(page.items))
      .catch((cause: unknown) =>
        setError(cause instanceof Error ? cause.message : 'The drafts could not be loaded.'),
      );
  }, []);

  const loadJobs = useCallback(() => {
    draftsApi
      .jobs()
      .then((answer) => setJobs(answer.items))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    load();
    loadJobs();
  }, [load, loadJobs]);

  const working = jobs.some((job) => job.status === 'queued' || job.status === 'running');
  useEffect(() => {
    if (!working) return undefined;
    const timer = setInterval(loadJobs, JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [working, loadJobs]);

  const categoryTitle = (name: string) =>
    categories.find((category) => category.name === name)?.title ?? (name || '—');

  const run = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.kind === 'delete') {
        await draftsApi.remove(confirm.draft.id);
        toast({ title: 'Draft deleted' });
      } else {
        const job = await draftsApi.publish(confirm.draft.id);
        setJobs((current) => [job, ...current.filter((item) => item.id !== job.id)]);
        toast({
          title: 'Publishing started',
          description:
            job.mode === 'git'
              ? 'The post was committed to the repository.'
              : 'The post goes live when the site rebuild finishes.',
        });
      }
      setDrafts((current) => current?.filter((item) => item.id !== confirm.draft.id) ?? null);
      loadJobs();
    } catch (cause) {
      toast({
        title: confirm.kind === 'delete' ? 'Failed to delete draft' : 'Failed to publish',
        description: cause instanceof Error ? cause.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  let body: React.ReactNode;
  if (error) {
    body = (
      <Alert variant="error" title="Could not load the drafts">
        {error}{' '}
        <Button size="sm" variant="secondary" onClick={load}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!drafts) {
    body = <Spinner label="Loading drafts..." />;
  } else if (drafts.length === 0) {
    body = (
      <Empty>
        <p>
          <strong>No drafts yet</strong>
        </p>
        <p>Start a new post: it is saved here as you type, until you publish it.</p>
        <ButtonLink to="/blog/new">New Post</ButtonLink>
      </Empty>
    );
  } else {
    body = (
      <Cards>
        {drafts.map((draft) => {
          const title = draft.title || 'Untitled draft';
          return (
            <li key={draft.id}>
              <h2>
                <Link to={`/admin/drafts/${draft.id}`}>{title}</Link>
              </h2>
              <Meta>
                <div>
                  <dt>Category</dt>
                  <dd>{categoryTitle(draft.category)}</dd>
                </div>
                <div>
                  <dt>Last edited</dt>
                  <dd>{formatDateTime(draft.updated_at)}</dd>
                </div>
                <div>
                  <dt>Author</dt>
                  <dd>{draft.created_by}</dd>
                </div>
              </Meta>
              {draft.ready ? null : (
                <Muted>Not ready to publish: open it to see what is missing.</Muted>
              )}
              <Actions>
                <ButtonLink
                  size="sm"
                  variant="secondary"
                  to={`/admin/drafts/${draft.id}`}
                  aria-label={`Open ${title}`}
                >
                  Open
                </ButtonLink>
                <ButtonLink
                  size="sm"
                  variant="secondary"
                  to={`/admin/drafts/${draft.id}/preview`}
                  aria-label={`Preview ${title}`}
                >
                  Preview
                </ButtonLink>
                <Button
                  size="sm"
                  disabled={!draft.ready}
                  onClick={() => setConfirm({ kind: 'publish', draft })}
                  aria-label={`Publish ${title}`}
                >
                  Publish
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setConfirm({ kind: 'delete', draft })}
                  aria-label={`Delete ${title}`}
                >
                  Delete
                </Button>
              </Actions>
            </li>
          );
        })}
      </Cards>
    );
  }

  const confirmTitle = confirm?.draft.title || 'Untitled draft';
  return (
    <>
      <Header>
        <div>
          <Title>Drafts</Title>
          <Muted>Posts being written. Publishing adds the post to the blog.</Muted>
        </div>
        <ButtonLink to="/blog/new">New Post</ButtonLink>
      </Header>
      <PublishJobs jobs={jobs} />
      {body}
      <Dialog
        open={confirm !== null}
        onClose={() => (busy ? undefined : setConfirm(null))}
        title={confirm?.kind === 'publish' ? 'Publish this post?' : 'Delete this draft?'}
        description={
          confirm?.kind === 'publish'
            ? `"${confirmTitle}" will be added to the blog at /blog/${confirm.draft.slug}.`
            : `Are you sure you want to delete "${confirmTitle}"? This action cannot be undone.`
        }
      >
        <Actions>
          <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={confirm?.kind === 'delete' ? 'danger' : 'primary'}
            onClick={() => void run()}
            disabled={busy}
          >
            {confirm?.kind === 'publish' ? 'Publish' : 'Delete draft'}
          </Button>
        </Actions>
      </Dialog>
    </>
  );
}

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[8]};
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space[8]};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const JobList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: grid;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => theme.space[4]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }

  summary {
    cursor: pointer;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
`;

const JobHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Log = styled.pre`
  max-height: 16rem;
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: ${({ theme }) => theme.space[3]};
  overflow: auto;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.darkText};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: pre-wrap;
`;

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[10]} ${({ theme }) => theme.space[6]};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  text-align: center;

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Cards = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: grid;
    gap: ${({ theme }) => theme.space[3]};
    padding: ${({ theme }) => theme.space[5]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.bg};
  }

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    overflow-wrap: anywhere;
  }

  h2 a {
    color: inherit;
  }

  h2 a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Meta = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[6]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }

  dd {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;
