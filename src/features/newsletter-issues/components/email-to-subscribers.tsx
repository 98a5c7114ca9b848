import type { NewsletterIssue, NewsletterIssuePreview } from '@site/contracts';
import React, { useCallback, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { createIssue, fetchIssue, fetchIssuePreview, sendTestIssue } from '../api/issues-api';
import { REFRESH_MS } from './issue-list';
import { IssueProgress } from './issue-progress';
import { counted } from '@/lib/format-number';

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Heading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Text = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const message = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Try again.';

/**
 * "Email to subscribers" for one published post: send a test to yourself first, then mail every
 * confirmed subscriber and watch the progress (with Cancel while it sends). Mount it next to a
 * published markdown post, e.g. `<EmailToSubscribers slug={post.slug} />`.
 */
export function EmailToSubscribers({ slug }: { slug: string }) {
  const headingId = useId();
  const [preview, setPreview] = useState<NewsletterIssuePreview | null>(null);
  const [issue, setIssue] = useState<NewsletterIssue | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState<'test' | 'send' | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await fetchIssuePreview(slug);
      setPreview(answer);
      setIssue(answer.issue);
      setLoadError(null);
    } catch (error) {
      setLoadError(message(error));
    }
  }, [slug]);
  useEffect(() => {
    void load();
  }, [load]);

  const issueId = issue?.status === 'sending' ? issue.id : null;
  useEffect(() => {
    if (issueId === null) return undefined;
    const timer = window.setInterval(() => {
      fetchIssue(issueId).then(setIssue, () => undefined);
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [issueId]);

  const test = async () => {
    setBusy('test');
    setNote(null);
    try {
      const answer = await sendTestIssue(slug, preview?.test_address ? undefined : to.trim());
      setNote({ ok: true, text: answer.message });
    } catch (error) {
      setNote({ ok: false, text: message(error) });
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    if (!preview) return;
    const count = preview.recipients;
    if (
      !window.confirm(
        `Email "${preview.subject}" to ${count} subscriber${count === 1 ? '' : 's'} now?`,
      )
    )
      return;
    setBusy('send');
    setNote(null);
    try {
      setIssue(await createIssue(slug));
    } catch (error) {
      setNote({ ok: false, text: message(error) });
    } finally {
      setBusy(null);
    }
  };

  let body: React.ReactNode;
  if (loadError) body = <Alert variant="error">{loadError}</Alert>;
  else if (!preview) body = <Spinner label="Loading..." />;
  else if (issue) body = <IssueProgress issue={issue} onChange={setIssue} />;
  else
    body = (
      <>
        <Text>
          Mails &ldquo;{preview.subject}&rdquo; (HTML and plain text, with a link to the post and a
          personal unsubscribe link) to {preview.recipients} confirmed subscriber
          {preview.recipients === 1 ? '' : 's'}.
        </Text>
        {preview.test_address ? null : (
          <Field
            label="Send the test to"
            hint="Your account has no e-mail address of its own: give a staff address (a colleague's account address, or the owner's)."
          >
            <Input type="email" value={to} onChange={(event) => setTo(event.target.value)} />
          </Field>
        )}
        <Actions>
          <Button
            type="button"
            variant="secondary"
            disabled={busy !== null || (!preview.test_address && !to.trim())}
            onClick={test}
          >
            {busy === 'test'
              ? 'Sending test...'
              : preview.test_address
                ? `Send a test to me (${preview.test_address})`
                : 'Send a test'}
          </Button>
          <Button type="button" disabled={busy !== null || preview.recipients === 0} onClick={send}>
            {busy === 'send'
              ? 'Starting...'
              : `Email to ${counted(preview.recipients, 'subscriber')}`}
          </Button>
        </Actions>
      </>
    );

  return (
    <Box aria-labelledby={headingId}>
      <Heading id={headingId}>Email to subscribers</Heading>
      {body}
      {note ? <Alert variant={note.ok ? 'success' : 'error'}>{note.text}</Alert> : null}
    </Box>
  );
}
