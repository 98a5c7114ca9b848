import { Link } from 'gatsby-link';
import type { ClaimLinkState } from '@site/contracts';
import React, { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { claimLinkState } from '../api/claim-status';
import { useGiveaway } from '../api/get-giveaway';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { ClaimForm, ClaimLinkProblem, LinkStateNotice, NeedsClaimLink } from './claim-form';
import { Subpage } from './subpage';

/**
 * /giveaway/{id}/claim?token=…: the winner claims with the link from their e-mail, giving their name
 * and delivery details with consent to use them for delivery. The link's state is asked first, so
 * the page never congratulates a winner whose link is claimed, expired, drawn again or withdrawn.
 */
export function ClaimPage({ id, search }: { id: string; search: string }) {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const { data } = useGiveaway(id);
  const giveaway = data?.giveaway ?? null;
  // The link's state: undefined while asked; null when it could not be asked (the form is shown,
  // and the claim itself says what is wrong).
  const [link, setLink] = useState<ClaimLinkState | null | undefined>(token ? undefined : null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  useEffect(() => {
    setPageTitle('Claim Your Prize');
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    claimLinkState(id, token).then(
      (state) => live && setLink(state),
      (error: unknown) => {
        if (!live) return;
        // A link of no round is said at once; anything else falls back to the form.
        if (error instanceof ApiError && error.status === 404)
          setLinkProblem(serverSentence(error, 'This claim link is not valid for this giveaway.'));
        setLink(null);
      },
    );
    return () => {
      live = false;
    };
  }, [id, token]);

  return (
    <Subpage giveawayId={id} title="Claim Your Prize" lead={giveaway?.title}>
      {!token ? (
        <NeedsClaimLink />
      ) : link === undefined ? (
        <Spinner label="Checking your claim link..." />
      ) : linkProblem ? (
        <ClaimLinkProblem problem={linkProblem} />
      ) : link && link.state !== 'open' ? (
        <LinkStateNotice link={link} />
      ) : (
        <ClaimForm
          id={id}
          title={giveaway?.title}
          prize={giveaway?.prize}
          deadlineText={link?.claim_deadline_text ?? null}
          token={token}
        />
      )}
      <p>
        <Link to={`/giveaway/${id}/verify`}>Check how the winner was drawn</Link>
      </p>
    </Subpage>
  );
}
