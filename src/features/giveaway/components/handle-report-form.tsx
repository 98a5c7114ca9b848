import { HANDLE_REPORT_NOTE_MAX_LENGTH, isEmailAddress } from '@site/contracts/form-fields';
import React, { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { reportHandle } from '../api/entrant';
import { apiErrorOf, serverSentence } from '../error-message';
import { focusFirstProblem } from '../focus-first-problem';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { WebsiteHoneypot } from './website-honeypot';

/** The `code` the API gives a refused entry whose Instagram handle another entry holds. */
const HANDLE_TAKEN = 'handle_taken';

/** Whether a failed call was the refusal of a handle another entry holds. */
export function isHandleTaken(error: unknown): boolean {
  const cause = apiErrorOf(error);
  if (!cause || cause.status !== 409) return false;
  const body = cause.body as { code?: unknown } | null | undefined;
  return typeof body === 'object' && body !== null && body.code === HANDLE_TAKEN;
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
  }
`;

interface Problems {
  instagram_handle?: string;
  email?: string;
  note?: string;
}

function problemsOf(handle: string, email: string, note: string): Problems {
  const problems: Problems = {};
  if (!handle.trim().replace(/^@/, ''))
    problems.instagram_handle = 'Please enter your Instagram handle.';
  if (!isEmailAddress(email.trim()))
    problems.email = 'Please enter a valid e-mail address, like name@example.com.';
  if (note.length > HANDLE_REPORT_NOTE_MAX_LENGTH)
    problems.note = `Please keep the note to at most ${HANDLE_REPORT_NOTE_MAX_LENGTH} characters.`;
  return problems;
}

/** What was typed into the entry form when its handle was refused as another entry's. */
export interface TakenHandle {
  /** The handle, as typed. */
  handle: string;
  /** The address, where the organiser can answer. */
  email?: string;
  /** The server's answer to this form sent as a page: the thank-you, or why it was refused. */
  sent?: string | null;
  refused?: string | null;
}

/** The site's address that keeps a report from this form sent as a page (no script). */
export const handleReportFormAction = (giveawayId: string) =>
  `/giveaway/${encodeURIComponent(giveawayId)}/report-handle`;

export interface HandleReportFormProps extends TakenHandle {
  giveawayId: string;
}

/**
 * Shown under the entry form when another entry holds the handle: the person whose handle it is
 * tells the giveaway's organiser, whose desk lists the report with that entry.
 */
export function HandleReportForm({
  giveawayId,
  handle,
  email = '',
  sent = null,
  refused = null,
}: HandleReportFormProps) {
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(refused);
  const [done, setDone] = useState<string | null>(sent);
  const [busy, setBusy] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  useRefocusAfterBusy(submitRef, busy);
  const titleId = `handle-report-${useId().replace(/:/g, '')}`;
  const shown = handle.trim().replace(/^@/, '');

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const value = (name: string) =>
      (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? '';
    const typed = {
      instagram_handle: value('instagram_handle'),
      email: value('email'),
      note: value('note'),
    };
    const found = problemsOf(typed.instagram_handle, typed.email, typed.note);
    setProblems(found);
    setFailure(null);
    if (focusFirstProblem(form, ['instagram_handle', 'email', 'note'], found)) return;
    setBusy(true);
    try {
      const answer = await reportHandle(giveawayId, {
        instagram_handle: typed.instagram_handle.trim(),
        email: typed.email.trim(),
        ...(typed.note.trim() ? { note: typed.note.trim() } : {}),
        website: value('website'),
      });
      setDone(answer.message || 'Your report was sent to the organiser.');
    } catch (error) {
      setFailure(serverSentence(error, 'Your report could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box aria-labelledby={titleId}>
      <h3 id={titleId}>Is @{shown} your handle?</h3>
      {done ? (
        <Alert variant="success" title="Report sent">
          {done}
        </Alert>
      ) : (
        <>
          <p>
            If you did not enter, tell the organiser: they see your report beside the entry and can
            disqualify it.
          </p>
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <form
            method="post"
            action={handleReportFormAction(giveawayId)}
            onSubmit={(e) => void onSubmit(e)}
            noValidate
            aria-label="Report a taken handle"
          >
            <Field label="Your Instagram handle" required error={problems.instagram_handle}>
              <Input
                name="instagram_handle"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                defaultValue={shown}
              />
            </Field>
            <Field
              label="Your e-mail"
              required
              error={problems.email}
              hint="Only the organiser sees it, to answer you."
            >
              <Input type="email" name="email" autoComplete="email" defaultValue={email.trim()} />
            </Field>
            <Field
              label="Note (optional)"
              error={problems.note}
              hint={`At most ${HANDLE_REPORT_NOTE_MAX_LENGTH} characters.`}
            >
              <Textarea name="note" rows={3} maxLength={HANDLE_REPORT_NOTE_MAX_LENGTH} />
            </Field>
            <WebsiteHoneypot />
            <Button ref={submitRef} type="submit" variant="secondary" disabled={busy}>
              {busy ? 'Sending...' : 'Report this handle'}
            </Button>
          </form>
        </>
      )}
    </Box>
  );
}
