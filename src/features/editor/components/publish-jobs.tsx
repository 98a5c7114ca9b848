import type { PublishJob } from '@site/contracts';
import { Link } from 'gatsby-link';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/dates';
import { draftsApi } from '../api/drafts-api';
import { gridList } from '@/styles/layout';

export const JOB_POLL_MS = 3000;

/** A job is still on its way while it is queued or building. */
export const isWorking = (job: PublishJob) => job.status === 'queued' || job.status === 'running';

/**
 * Where a finished job stands now, from the list of jobs (newest first): `superseded` when a later
 * change to the same post succeeded, `offline` when the latest such change took the post down.
 */
export function jobStanding(
  job: PublishJob,
  jobs: readonly PublishJob[],
): { superseded: boolean; offline: boolean } {
  const latest = jobs.find((item) => item.slug === job.slug && item.status === 'succeeded');
  return {
    superseded: job.status === 'succeeded' && latest !== undefined && latest.id !== job.id,
    offline: latest?.action === 'unpublish',
  };
}

/** The badge of a job: the same words on the drafts page and in the editor. */
export function jobBadge(
  job: PublishJob,
  superseded = false,
): { label: string; variant: BadgeVariant } {
  switch (job.status) {
    case 'queued':
      return { label: 'Queued', variant: 'neutral' };
    case 'running':
      return { label: 'Building', variant: 'info' };
    case 'succeeded':
      if (job.action === 'unpublish') return { label: 'Unpublished', variant: 'success' };
      // A post changed or taken down since: this version is no longer the one online.
      return superseded
        ? { label: 'Replaced since', variant: 'neutral' }
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

/**
 * What the build itself said went wrong: the paragraph under each ERROR heading that Gatsby prints
 * (for example a post's front matter field the build refuses), or an empty string.
 */
export function buildErrors(log: string): string {
  const lines = log.split('\n');
  const found: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!/^\s*ERROR\b/.test(lines[i] ?? '')) continue;
    let j = i + 1;
    while (j < lines.length && (lines[j] ?? '').trim() === '') j += 1;
    const paragraph: string[] = [];
    while (j < lines.length && (lines[j] ?? '').trim() !== '') {
      paragraph.push((lines[j] ?? '').trim());
      j += 1;
    }
    if (paragraph.length > 0) found.push(paragraph.join(' '));
    i = j - 1;
  }
  return found.slice(0, 3).join(' ');
}

/** The failure sentence, saying once that the previous version is still online. */
function failureText(reason: string): string {
  return /previous version/i.test(reason)
    ? reason
    : `The previous version is still online.${reason ? ` ${reason}` : ''}`;
}

/** One job: status, post, who and when, and for a failure the reason and the build log. */
export function JobCard({
  job,
  superseded = false,
  offline = false,
}: {
  job: PublishJob;
  /** A later change to the same post succeeded. */
  superseded?: boolean;
  /** The post has been unpublished since. */
  offline?: boolean;
}) {
  const badge = jobBadge(job, superseded);
  const linkLive =
    job.status === 'succeeded' && job.mode === 'build' && job.action !== 'unpublish' && !offline;
  const reported = job.status === 'failed' ? buildErrors(job.log_tail) : '';
  const log = useRef<HTMLPreElement>(null);
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
          {failureText(failureReason(job))}
          {reported ? <Reported>The build reported: {reported}</Reported> : null}
        </Alert>
      ) : null}
      {job.log_tail ? (
        <details
          onToggle={(event) => {
            // The end of the log is where a build says why it stopped.
            if (event.currentTarget.open && log.current) {
              log.current.scrollTop = log.current.scrollHeight;
            }
          }}
        >
          <summary>Build log</summary>
          <Log ref={log}>{job.log_tail}</Log>
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

/** A section of the drafts desk: its heading, a lead line, then its content. */
export const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space[8]};

  > h2 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const JobList = styled.ul`
  ${gridList(3)}

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

/** A list item's first line: its badge, title and links, wrapping on a narrow screen. */
export const JobHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Reported = styled.p`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  overflow-wrap: anywhere;
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
