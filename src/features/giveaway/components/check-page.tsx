import { Link } from 'gatsby-link';
import type { ReceiptCheckResponse } from '@site/contracts';
import React, { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { formatDateTime } from '@/lib/dates';
import { useCheckReceipt } from '../api/check-receipt';
import { useGiveaway } from '../api/get-giveaway';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailNote } from './detail-card';
import { Facts, Mono, Subpage } from './subpage';

const Form = styled.form`
  max-width: 420px;
`;

/** /giveaway/{id}/check: "Was I in the draw?", by receipt code. */
export function CheckPage({ id }: { id: string }) {
  const { data } = useGiveaway(id);
  const title = data?.giveaway?.title;
  const [checkReceipt] = useCheckReceipt();
  const [receipt, setReceipt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ReceiptCheckResponse | null>(null);
  const [checking, setChecking] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  useRefocusAfterBusy(submitRef, checking);

  useEffect(() => {
    setPageTitle(title ? `Was I in the draw? - ${title}` : 'Was I in the draw?');
  }, [title]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!receipt.trim()) {
      setProblem('Please enter the receipt code you were given when you entered.');
      return;
    }
    setProblem(null);
    setChecking(true);
    try {
      const { data: answer } = await checkReceipt({ variables: { id, input: { receipt } } });
      setResult(answer?.checkReceipt ?? null);
    } catch (error) {
      setProblem(
        serverSentence(error, 'The receipt could not be checked just now. Please try again.'),
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <Subpage giveawayId={id} title="Was I in the draw?" lead={title}>
      <DetailCard aria-labelledby="check-title">
        <h2 id="check-title">Check your receipt</h2>
        <DetailNote>
          When you entered, you were given a receipt code like K7M2-9QXD-4HVA-PN3T. Type it here to
          see that your entry is recorded and, once entries close, where it sits in the frozen list
          the winner is drawn from. Nothing about you is shown.
        </DetailNote>
        <Form onSubmit={(e) => void submit(e)} noValidate aria-label="Check a receipt">
          <Field label="Receipt code" required error={problem ?? undefined}>
            <Input
              value={receipt}
              onChange={(e) => setReceipt(e.target.value)}
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
      <p>
        <Link to={`/giveaway/${id}/verify`}>See the frozen list and check the draw yourself</Link>
      </p>
    </Subpage>
  );
}
