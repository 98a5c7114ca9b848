import { Link } from 'gatsby-link';
import type { ClaimResponse } from '@site/contracts';
import React, { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useClaimPrize } from '../api/claim-prize';
import { useGiveaway } from '../api/get-giveaway';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailNote } from './detail-card';
import { Subpage } from './subpage';

const ConsentRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[3]};

  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125rem 0 0;
  }

  label {
    font-weight: 600;
  }
`;

const ErrorText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

/**
 * /giveaway/{id}/claim?token=…: the winner claims with the link from their e-mail, giving their name
 * and delivery details with consent to use them for delivery.
 */
export function ClaimPage({ id, search }: { id: string; search: string }) {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const { data } = useGiveaway(id);
  const giveaway = data?.giveaway ?? null;
  const [claimPrize] = useClaimPrize();
  const [claiming, setClaiming] = useState(false);
  const [claimed, setClaimed] = useState<ClaimResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fullName, setFullName] = useState('');
  const [address, setAddress] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; address?: string; consent?: string }>({});
  const buttonRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useRefocusAfterBusy(buttonRef, claiming);

  useEffect(() => {
    setPageTitle('Claim Your Prize');
  }, []);

  useEffect(() => {
    if (claimed) resultRef.current?.focus();
  }, [claimed]);

  const claim = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      name: fullName.trim() ? undefined : 'Please enter your name.',
      address: address.trim()
        ? undefined
        : 'Please enter the postal or delivery details the prize should be sent to.',
      consent: consent
        ? undefined
        : 'Please agree that these details are used to deliver the prize.',
    };
    setErrors(found);
    if (found.name || found.address || found.consent) return;
    setClaiming(true);
    setProblem(null);
    try {
      const { data: answer } = await claimPrize({
        variables: {
          id,
          input: { token, full_name: fullName.trim(), delivery_address: address.trim(), consent },
        },
      });
      if (answer?.claimPrize?.success) setClaimed(answer.claimPrize);
      else setProblem('Your claim could not be recorded. Please try again.');
    } catch (error) {
      setProblem(serverSentence(error, 'Your claim could not be recorded. Please try again.'));
    } finally {
      setClaiming(false);
    }
  };

  return (
    <Subpage giveawayId={id} title="Claim Your Prize" lead={giveaway?.title}>
      {!token ? (
        <Alert variant="warning" title="This page needs the link from your e-mail">
          If you won, we sent you an e-mail with a personal claim link. Open that link exactly as it
          was sent (some mail programs split long links across lines).
        </Alert>
      ) : claimed ? (
        <div ref={resultRef} tabIndex={-1}>
          <Alert variant="success" title="Prize claimed!">
            <p>{claimed.message}</p>
            <p>Prize: {claimed.prize}</p>
          </Alert>
        </div>
      ) : (
        <DetailCard aria-labelledby="claim-title">
          <h2 id="claim-title">Congratulations!</h2>
          <p>
            Your entry was drawn as the winner
            {giveaway ? (
              <>
                {' '}
                of <strong>{giveaway.title}</strong>. The prize: <strong>{giveaway.prize}</strong>.
              </>
            ) : (
              '.'
            )}
          </p>
          <DetailNote>
            Claim it before the deadline in your e-mail. Tell us where to send it: these details are
            kept privately, used only to deliver the prize, and erased with the rest of your data
            when you ask.
          </DetailNote>
          {problem ? (
            <Alert variant="error" title="Not claimed">
              {problem}
            </Alert>
          ) : null}
          <form onSubmit={(e) => void claim(e)} noValidate aria-label="Claim Prize">
            <Field label="Your name" required error={errors.name}>
              <Input
                autoComplete="name"
                maxLength={200}
                value={fullName}
                onChange={(e) => setFullName(e.target.value)}
              />
            </Field>
            <Field
              label="Postal or delivery details"
              required
              error={errors.address}
              hint="Street, town, postcode and country, or how the prize should reach you."
            >
              <Textarea
                rows={4}
                autoComplete="street-address"
                maxLength={1000}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
              />
            </Field>
            <ConsentRow>
              <input
                id="claim-consent"
                type="checkbox"
                checked={consent}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? 'claim-consent-error' : undefined}
                onChange={(e) => setConsent(e.target.checked)}
              />
              <label htmlFor="claim-consent">
                I agree that my name and these details are used to deliver the prize.
              </label>
            </ConsentRow>
            {errors.consent ? (
              <ErrorText id="claim-consent-error">{errors.consent}</ErrorText>
            ) : null}
            <Button ref={buttonRef} type="submit" disabled={claiming}>
              {claiming ? 'Claiming...' : 'Claim Prize'}
            </Button>
          </form>
        </DetailCard>
      )}
      <p>
        <Link to={`/giveaway/${id}/verify`}>Check how the winner was drawn</Link>
      </p>
    </Subpage>
  );
}
