import type { NewsletterIssue } from '@site/contracts';
import React, { useState } from 'react';
import styled from 'styled-components';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { cancelIssue } from '../api/issues-api';

const STATUS: Record<NewsletterIssue['status'], { label: string; variant: BadgeVariant }> = {
  sending: { label: 'Sending', variant: 'info' },
  sent: { label: 'Finished', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'warning' },
};

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const Subject = styled.h3`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Bar = styled.progress`
  width: 100%;
  height: 0.75rem;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

const Counts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  div {
    display: flex;
    gap: ${({ theme }) => theme.space[1]};
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: 600;
  }
`;

/** One issue: status, a progress bar and the counts, with Cancel while it is still sending. */
export function IssueProgress({
  issue,
  onChange,
}: {
  issue: NewsletterIssue;
  onChange: (issue: NewsletterIssue) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = issue.sent + issue.failed + issue.skipped + issue.cancelled;
  const status = STATUS[issue.status];

  const cancel = async () => {
    if (!window.confirm(`Stop sending "${issue.subject}"? Mails already sent stay sent.`)) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await cancelIssue(issue.id));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not cancel. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const counts: Array<[string, number]> = [
    ['Sent', issue.sent],
    ['Failed', issue.failed],
    ['Queued', issue.queued],
    ['Skipped', issue.skipped],
  ];
  if (issue.cancelled > 0) counts.push(['Not sent (cancelled)', issue.cancelled]);

  return (
    <Box>
      <Subject>
        {issue.subject}
        <Badge $variant={status.variant}>{status.label}</Badge>
      </Subject>
      <Meta>
        To {issue.recipients} subscriber{issue.recipients === 1 ? '' : 's'}, by {issue.created_by}{' '}
        on <time dateTime={issue.created_at}>{formatDateTime(issue.created_at)}</time>
      </Meta>
      <Bar
        max={Math.max(issue.recipients, 1)}
        value={done}
        aria-label={`${issue.subject}: ${done} of ${issue.recipients} handled`}
      />
      <Counts>
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Counts>
      {issue.status === 'sending' ? (
        <div>
          <Button type="button" variant="danger" size="sm" disabled={busy} onClick={cancel}>
            {busy ? 'Cancelling...' : 'Cancel sending'}
          </Button>
        </div>
      ) : null}
      {error ? <Meta role="alert">{error}</Meta> : null}
    </Box>
  );
}
