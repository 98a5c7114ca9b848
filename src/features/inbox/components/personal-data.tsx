import type { PersonalDataEraseResponse, PersonalDataExport } from '@site/contracts';
import React, { useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { erasePersonalData, exportPersonalData } from '../api/inbox-api';
import { saveBlob } from './save-blob';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy'; action: 'export' | 'erase' }
  | { kind: 'exported'; data: PersonalDataExport }
  | { kind: 'erased'; result: PersonalDataEraseResponse }
  | { kind: 'error'; message: string };

const Intro = styled.p`
  max-width: 46rem;
  margin: 0 0 ${({ theme }) => theme.space[6]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  max-width: 32rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

const DialogActions = styled(Actions)`
  margin-top: ${({ theme }) => theme.space[6]};
`;

const Result = styled.div`
  max-width: 46rem;
  margin-top: ${({ theme }) => theme.space[6]};
`;

const Counts = styled.ul`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding-left: ${({ theme }) => theme.space[5]};
`;

const Download = styled.div`
  margin-top: ${({ theme }) => theme.space[4]};
`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

function fileNameFor(data: PersonalDataExport) {
  const safe = data.email.replace(/[^A-Za-z0-9._-]+/g, '_');
  return `personal-data-${safe}-${data.exported_at.slice(0, 10)}.json`;
}

/**
 * An admin answers a person's request: export everything the site holds about one e-mail address
 * (as a JSON file to send them), or erase it. Erasing asks for confirmation first.
 */
export function PersonalData() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const address = email.trim();
  const busy = outcome.kind === 'busy';

  const checked = () => {
    if (looksLikeEmail(address)) {
      setFieldError(undefined);
      return true;
    }
    setFieldError('Please enter the e-mail address the request is about.');
    return false;
  };

  const fail = (error: unknown) =>
    setOutcome({
      kind: 'error',
      message:
        error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
    });

  const runExport = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!checked()) return;
    setOutcome({ kind: 'busy', action: 'export' });
    try {
      setOutcome({ kind: 'exported', data: await exportPersonalData(address) });
    } catch (error) {
      fail(error);
    }
  };

  const runErase = async () => {
    setConfirming(false);
    setOutcome({ kind: 'busy', action: 'erase' });
    try {
      setOutcome({ kind: 'erased', result: await erasePersonalData(address) });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section aria-labelledby="personal-data-title">
      <h2 id="personal-data-title" className="sr-only">
        Personal data
      </h2>
      <Intro>
        When someone asks what the site holds about them, or asks for it to be erased: enquiries,
        their newsletter subscription, giveaway entries and kept mail are matched by e-mail address,
        whatever the letter case.
      </Intro>
      <Form onSubmit={runExport} noValidate>
        <Field label="E-mail address" required error={fieldError}>
          <Input
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setOutcome({ kind: 'idle' });
            }}
          />
        </Field>
        <Actions>
          <Button type="submit" disabled={busy}>
            {busy && outcome.action === 'export' ? 'Looking...' : 'Export'}
          </Button>
          <Button
            type="button"
            variant="danger"
            disabled={busy}
            onClick={() => {
              if (checked()) setConfirming(true);
            }}
          >
            {busy && outcome.action === 'erase' ? 'Erasing...' : 'Erase...'}
          </Button>
        </Actions>
      </Form>

      <Result>
        {outcome.kind === 'error' ? <Alert variant="error">{outcome.message}</Alert> : null}
        {outcome.kind === 'exported' ? (
          <Alert variant="info" title={`Held about ${outcome.data.email}`}>
            <Counts>
              <li>{plural(outcome.data.enquiries.length, 'enquiry', 'enquiries')}</li>
              <li>
                Newsletter:{' '}
                {outcome.data.subscription ? outcome.data.subscription.status : 'not subscribed'}
              </li>
              <li>
                {plural(outcome.data.giveaway_entries.length, 'giveaway entry', 'giveaway entries')}
              </li>
              <li>
                {plural(outcome.data.giveaway_claims.length, 'prize claim', 'prize claims')} with
                delivery details
              </li>
              <li>
                {plural(
                  outcome.data.giveaway_handle_reports.length,
                  'report of a taken handle',
                  'reports of a taken handle',
                )}
              </li>
              <li>{plural(outcome.data.mail.length, 'kept mail', 'kept mails')}</li>
              <li>
                {plural(
                  outcome.data.staff_invitations.length,
                  'staff invitation',
                  'staff invitations',
                )}
              </li>
              <li>
                Staff account:{' '}
                {outcome.data.staff_account ? outcome.data.staff_account.username : 'none'}
              </li>
            </Counts>
            <Download>
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  saveBlob(
                    new Blob([JSON.stringify(outcome.data, null, 2)], { type: 'application/json' }),
                    fileNameFor(outcome.data),
                  )
                }
              >
                Download JSON
              </Button>
            </Download>
          </Alert>
        ) : null}
        {outcome.kind === 'erased' ? (
          <Alert variant="success" title={outcome.result.message}>
            <Counts>
              <li>{plural(outcome.result.enquiries, 'enquiry', 'enquiries')} deleted</li>
              <li>
                {plural(outcome.result.subscriptions, 'subscription', 'subscriptions')} deleted
              </li>
              <li>
                {plural(
                  outcome.result.giveaway_entries_deleted,
                  'giveaway entry',
                  'giveaway entries',
                )}{' '}
                deleted
              </li>
              <li>
                {plural(
                  outcome.result.giveaway_entries_anonymised,
                  'entry of a drawn giveaway',
                  'entries of drawn giveaways',
                )}{' '}
                kept with a placeholder
              </li>
              <li>
                Delivery details of{' '}
                {plural(outcome.result.giveaway_claims, 'prize claim', 'prize claims')} erased
              </li>
              <li>
                {plural(
                  outcome.result.giveaway_handle_reports,
                  'report of a taken handle',
                  'reports of a taken handle',
                )}{' '}
                deleted
              </li>
              <li>{plural(outcome.result.mail, 'kept mail', 'kept mails')} deleted</li>
              <li>
                {plural(outcome.result.staff_invitations, 'staff invitation', 'staff invitations')}{' '}
                deleted
              </li>
            </Counts>
          </Alert>
        ) : null}
      </Result>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Erase this person's data?"
        description={`Everything held about ${address} will be deleted. Entries of giveaways already drawn keep their place with a placeholder, so the draw record stays whole, and the delivery details of any prize claim are erased. This cannot be undone.`}
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void runErase()}>
            Erase everything
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
