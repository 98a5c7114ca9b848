import { Link } from 'gatsby-link';
import type { ReceiptCheckResponse } from '@site/contracts';
import React, { useRef, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { formatDateTime } from '@/lib/dates';
import { api } from '@/lib/api-client';
import { island } from '@/lib/island';
import { serverSentence } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailNote } from './detail-card';
import { Facts, Mono } from './subpage';

const Form = styled.form`
  max-width: 420px;
`;

/**
 * The answer to the form sent as a page (POST /giveaway/{id}/check, without script): the code as
 * typed and the server's answer, or the message under the field.
 */
export interface ServedCheck {
  receipt: string;
  result: ReceiptCheckResponse | null;
  problem: string | null;
}

/** `value` (the state a check page was drawn with) as a served check, or null. */
export function asServedCheck(value: unknown): ServedCheck | null {
  if (typeof value !== 'object' || value === null) return null;
  const state = value as { kind?: unknown; receipt?: unknown; result?: unknown; problem?: unknown };
  if (state.kind !== 'checked' || typeof state.receipt !== 'string') return null;
  const result =
    typeof state.result === 'object' &&
    state.result !== null &&
    typeof (state.result as { found?: unknown }).found === 'boolean'
      ? (state.result as ReceiptCheckResponse)
      : null;
  return {
    receipt: state.receipt,
    result,
    problem: typeof state.problem === 'string' ? state.problem : null,
  };
}

/** Asks whether `receipt` is an entry of the giveaway (POST /giveaway/{id}/receipt). */
export type CheckReceipt = (receipt: string) => Promise<ReceiptCheckResponse | null>;

/**
 * "Was I in the draw?": the receipt form and, once asked, the answer. The field is uncontrolled
 * and read when the form is sent, so what was typed before the script ran stays and counts.
 */
export function ReceiptCheck({
  id,
  check,
  served = null,
}: {
  id: string;
  check: CheckReceipt;
  served?: ServedCheck | null;
}) {
  const [problem, setProblem] = useState<string | null>(served?.problem ?? null);
  const [result, setResult] = useState<ReceiptCheckResponse | null>(served?.result ?? null);
  const [checking, setChecking] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  useRefocusAfterBusy(submitRef, checking);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const receipt = fieldRef.current?.value ?? '';
    setResult(null);
    if (!receipt.trim()) {
      setProblem('Please enter the receipt code you were given when you entered.');
      return;
    }
    setProblem(null);
    setChecking(true);
    try {
      setResult(await check(receipt));
    } catch (error) {
      setProblem(
        serverSentence(error, 'The receipt could not be checked just now. Please try again.'),
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <DetailCard aria-labelledby="check-title">
        <h2 id="check-title">Check your receipt</h2>
        <DetailNote>
          When you entered, you were given a receipt code like K7M2-9QXD-4HVA-PN3T. Type it here to
          see that your entry is recorded and, once entries close, where it sits in the frozen list
          the winner is drawn from. Nothing about you is shown.
        </DetailNote>
        {/* Without script (or before it runs) the form is sent as a page, answered drawn. */}
        <Form
          method="post"
          action={`/giveaway/${id}/check`}
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label="Check a receipt"
        >
          <Field label="Receipt code" required error={problem ?? undefined}>
            <Input
              ref={fieldRef}
              name="receipt"
              defaultValue={served?.receipt}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX"
            />
          </Field>
          <Button ref={submitRef} type="submit" disabled={checking}>
            {checking ? 'Checking...' : 'Check Receipt'}
          </Button>
        </Form>
      </DetailCard>
      {result ? (
        result.found && result.confirmed === false ? (
          <Alert variant="warning" title="Your entry is not confirmed">
            <p>{result.message}</p>
          </Alert>
        ) : result.found ? (
          <Alert variant="success" title="Your entry is in the draw">
            <p>{result.message}</p>
            <Facts>
              <dt>Receipt</dt>
              <dd>{result.receipt}</dd>
              {typeof result.entries === 'number' && result.entries > 0 ? (
                <>
                  <dt>Entries you hold</dt>
                  <dd data-testid="entries-held">
                    {result.entries}
                    {result.bonus_entries > 0
                      ? ` (your own, plus ${result.bonus_entries} bonus ${result.bonus_entries === 1 ? 'entry' : 'entries'} for referrals)`
                      : ''}
                  </dd>
                </>
              ) : null}
              <dt>Its SHA-256 (as listed)</dt>
              <dd>
                <Mono>{result.receipt_hash}</Mono>
              </dd>
              {result.entered_at ? (
                <>
                  <dt>Entered</dt>
                  <dd>{formatDateTime(result.entered_at)}</dd>
                </>
              ) : null}
              {result.rules_version ? (
                <>
                  <dt>Rules accepted</dt>
                  <dd>
                    <Link to={`/giveaway/${id}/rules?version=${result.rules_version}`}>
                      Version {result.rules_version}
                    </Link>
                  </dd>
                </>
              ) : null}
            </Facts>
          </Alert>
        ) : (
          <Alert variant="warning" title="No entry has this receipt">
            <p>{result.message}</p>
          </Alert>
        )
      ) : null}
    </>
  );
}

/** The receipt check through the API client (no Apollo): for the island on a document page. */
function ReceiptCheckWithApi({ id, served = null }: { id: string; served?: ServedCheck | null }) {
  const check: CheckReceipt = (receipt) =>
    api.post<ReceiptCheckResponse>(`/giveaway/${encodeURIComponent(id)}/receipt`, { receipt });
  return <ReceiptCheck id={id} check={check} served={served} />;
}

/**
 * The receipt check on "Was I in the draw?" drawn as a document: loaded when the visitor comes
 * near it or focuses the field; what they typed before it loaded stays.
 */
export const ReceiptCheckIsland = island('giveaway-check', ReceiptCheckWithApi);
