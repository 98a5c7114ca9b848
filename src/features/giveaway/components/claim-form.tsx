import { Link } from 'gatsby-link';
import type { ClaimLinkState, ClaimResponse } from '@site/contracts';
import React, { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Moment } from '@/components/ui/moment';
import { api } from '@/lib/api-client';
import { serverSentence } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailNote } from './detail-card';

/*
 * The claim page's parts that both its app route and its document page draw: what a claim link
 * stands for in words, and the claim form (an island on the document page).
 */

/** The token of the mailed link this page was opened with (`?token=`), or ''. */
export function tokenHere(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('token')?.trim() ?? '';
}

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

/** What the link stands for, in words, for every state but "open" (which shows the form). */
export function LinkStateNotice({ link }: { link: ClaimLinkState }) {
  switch (link.state) {
    case 'claimed':
      return (
        <Alert variant="success" title="Prize claimed">
          <p>
            You claimed this prize on <Moment iso={link.claimed_at} />
          </p>
          <p>
            Prize: {link.prize}. We will write to you at the address you entered with to arrange
            delivery.
          </p>
        </Alert>
      );
    case 'expired':
      return (
        <Alert variant="warning" title="The claim period has ended">
          The claim period for this prize ended on {link.claim_deadline_text}. Under the official
          rules the prize can now be drawn again from the other entries.
        </Alert>
      );
    case 'redrawn':
      return (
        <Alert variant="warning" title="This prize was drawn again">
          This claim link no longer works: the prize was not claimed in time and was drawn again.
          The giveaway&rsquo;s draw history gives the reason.
        </Alert>
      );
    case 'disqualified':
      return (
        <Alert variant="error" title="Your win was withdrawn">
          <p>
            Your entry was disqualified, so the prize was drawn again. The reason, published with
            the new draw: {link.reason}
          </p>
          <p>
            If you think this is a mistake, write to us through the{' '}
            <Link to="/contact">contact page</Link>, naming this giveaway.
          </p>
        </Alert>
      );
    default:
      return null;
  }
}

/** The claim page opened without its token. */
export function NeedsClaimLink() {
  return (
    <Alert variant="warning" title="This page needs the link from your e-mail">
      If you won, we sent you an e-mail with a personal claim link. Open that link exactly as it was
      sent (some mail programs split long links across lines).
    </Alert>
  );
}

/** A claim link of no draw of this giveaway, with the server's sentence. */
export function ClaimLinkProblem({ problem }: { problem: string }) {
  return (
    <Alert variant="error" title="This link does not work">
      {problem}
    </Alert>
  );
}

export interface ClaimFormProps {
  id: string;
  /** The giveaway's title and prize, once known. */
  title?: string;
  prize?: string;
  /** The claim deadline in words, with its zone; null when the link's state is not known. */
  deadlineText: string | null;
  /** The link's token; by default read from the address when the claim is sent. */
  token?: string;
}

/**
 * "Congratulations!" and the claim form: the winner's name and delivery details, with consent to
 * use them for delivery; once recorded, "Prize claimed!" in its place.
 */
export function ClaimForm({ id, title, prize, deadlineText, token }: ClaimFormProps) {
  const [claiming, setClaiming] = useState(false);
  const [claimed, setClaimed] = useState<ClaimResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; address?: string; consent?: string }>({});
  const buttonRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useRefocusAfterBusy(buttonRef, claiming);

  useEffect(() => {
    if (claimed) resultRef.current?.focus();
  }, [claimed]);

  const claim = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The fields are read as they stand: what was typed before the page's script ran counts.
    const field = (name: string) =>
      event.currentTarget.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
    const fullName = field('full_name')?.value ?? '';
    const address = field('delivery_address')?.value ?? '';
    const consent = (field('consent') as HTMLInputElement | null)?.checked ?? false;
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
      const answer = await api.post<ClaimResponse>(
        `/giveaway/${encodeURIComponent(id)}/claim`,
        // The token is read from the address when the claim is sent: it is never in the page.
        {
          token: token ?? tokenHere(),
          full_name: fullName.trim(),
          delivery_address: address.trim(),
          consent,
        },
      );
      if (answer.success) setClaimed(answer);
      else setProblem('Your claim could not be recorded. Please try again.');
    } catch (error) {
      setProblem(serverSentence(error, 'Your claim could not be recorded. Please try again.'));
    } finally {
      setClaiming(false);
    }
  };

  if (claimed) {
    return (
      <div ref={resultRef} tabIndex={-1}>
        <Alert variant="success" title="Prize claimed!">
          <p>{claimed.message}</p>
          <p>Prize: {claimed.prize}</p>
        </Alert>
      </div>
    );
  }

  return (
    <DetailCard aria-labelledby="claim-title">
      <h2 id="claim-title">Congratulations!</h2>
      <p>
        Your entry was drawn as the winner
        {title ? (
          <>
            {' '}
            of <strong>{title}</strong>. The prize: <strong>{prize}</strong>.
          </>
        ) : (
          '.'
        )}
      </p>
      <DetailNote>
        {deadlineText
          ? `Claim it by ${deadlineText}.`
          : 'Claim it before the deadline in your e-mail.'}{' '}
        Tell us where to send it: these details are kept privately, used only to deliver the prize,
        and erased with the rest of your data when you ask.
      </DetailNote>
      {problem ? (
        <Alert variant="error" title="Not claimed">
          {problem}
        </Alert>
      ) : null}
      <form method="post" onSubmit={(e) => void claim(e)} noValidate aria-label="Claim Prize">
        <Field label="Your name" required error={errors.name}>
          <Input autoComplete="name" maxLength={200} name="full_name" />
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
            name="delivery_address"
          />
        </Field>
        <ConsentRow>
          <input
            id="claim-consent"
            type="checkbox"
            name="consent"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'claim-consent-error' : undefined}
          />
          <label htmlFor="claim-consent">
            I agree that my name and these details are used to deliver the prize.
          </label>
        </ConsentRow>
        {errors.consent ? <ErrorText id="claim-consent-error">{errors.consent}</ErrorText> : null}
        <Button ref={buttonRef} type="submit" disabled={claiming}>
          {claiming ? 'Claiming...' : 'Claim Prize'}
        </Button>
      </form>
    </DetailCard>
  );
}
