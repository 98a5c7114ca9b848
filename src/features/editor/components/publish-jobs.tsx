import type { PublishJob } from '@site/contracts';
import { Link } from 'gatsby';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format-date-time';
import { draftsApi } from '../api/drafts-api';

export const JOB_POLL_MS = 3000;

/** A job is still on its way while it is queued or building. */
export const isWorking = (job: PublishJob) => job.status === 'queued' || job.status === 'running';

/** The badge of a job: the same words on the drafts page and in the editor. */
export function jobBadge(job: PublishJob): { label: string; variant: BadgeVariant } {
  switch (job.status) {
    case 'queued':
      return { label: 'Queued', variant: 'neutral' };
    case 'running':
      return { label: 'Building', variant: 'info' };
    case 'succeeded':
      return job.action === 'unpublish'
        ? { label: 'Unpublished', variant: 'success' }
        : { label: 'Live', variant: 'success' };
    default:
      return { label: 'Failed', variant: 'danger' };
  }
}

const ACTION_TEXT: Record<PublishJob['action'], { asked: string; done: string }> = {
  publish: { asked: 'Publish requested', done: 'Published' },
  replace: { asked: 'Changes requested', done: 'Changes published' },
  unpublish: { asked: 'Unpublish requested', done: 'Unpublished' },
};

/** "Published by dana · Nov 22, 2026, 9:14 AM": who made the change and when it took effect. */
export function jobByline(job: PublishJob): string {
  const text = ACTION_TEXT[job.action];
  const done = job.status === 'succeeded';
  const when = done && job.finished_at ? job.finished_at : job.created_at;
  const how = job.mode === 'git' ? ' · committed to the repository' : '';
  return `${done ? text.done : text.asked} by ${job.requested_by} · ${formatDateTime(when)}${how}`;
}

/** The last line of a failed job's output: the server's sentence about what happened. */
export function failureReason(job: PublishJob): string {
  return (
    job.log_tail
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(-1)[0] ?? ''
  );
}

/** One job: status, post, who and when, and for a failure the reason and the build log. */
export function JobCard({ job }: { job: PublishJob }) {
  const badge = jobBadge(job);
  const linkLive = job.status === 'succeeded' && job.mode === 'build' && job.action !== 'unpublish';
  return (
    <>
      <JobHead>
        <Badge $variant={badge.variant}>{badge.label}</Badge>
        <strong>{job.title}</strong>
        {linkLive ? (
          <Link to={`/blog/${job.slug}`}>/blog/{job.slug}</Link>
        ) : (
          <span>/blog/{job.slug}</span>
        )}
      </JobHead>
      <Muted>{jobByline(job)}</Muted>
      {job.status === 'failed' ? (
        <Alert variant="error" title="The site was not updated">
          The previous version is still online. {failureReason(job)}
        </Alert>
      ) : null}
      {job.log_tail ? (
        <details>
          <summary>Build log</summary>
          <Log>{job.log_tail}</Log>
        </details>
      ) : null}
    </>
  );
}

/**
 * The latest publish jobs (newest first), polled while one is queued or building. `onSettled` runs
 * when the last working job finishes, so screens can reload what the change affected.
 */
export function usePublishJobs(onSettled?: () => void) {
  const [jobs, setJobs] = useState<PublishJob[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  const load = useCallback(() => {
    draftsApi
      .jobs()
      .then((answer) => {
        setError(null);
        setJobs(answer.items);
      })
      .catch((cause: unknown) =>
        setError(
          cause instanceof Error ? cause.message : 'The publishing record could not be loaded.',
        ),
      );
  }, []);

  useEffect(load, [load]);

  const working = (jobs ?? []).some(isWorking);
  const wasWorking = useRef(false);
  useEffect(() => {
    if (wasWorking.current && !working) onSettledRef.current?.();
    wasWorking.current = working;
    if (!working) return undefined;
    const timer = setInterval(load, JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [working, load]);

  /** Shows a job the server just accepted before the next poll brings it. */
  const add = useCallback((job: PublishJob) => {
    setJobs((current) => [job, ...(current ?? []).filter((item) => item.id !== job.id)]);
  }, []);

  return { jobs, error, reload: load, add };
}

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const JobList = styled.ul`
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
