import { Link } from 'gatsby-link';
import type { ClaimResponse } from '@site/contracts';
import React, { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useClaimPrize } from '../api/claim-prize';
import { useGiveaway } from '../api/get-giveaway';
import { setPageTitle } from '../document-title';
import { serverSentence } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailNote } from './detail-card';
import { Subpage } from './subpage';

/** /giveaway/{id}/claim?token=…: the winner confirms the claim with the link from their e-mail. */
export function ClaimPage({ id, search }: { id: string; search: string }) {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const { data } = useGiveaway(id);
  const giveaway = data?.giveaway ?? null;
  const [claimPrize] = useClaimPrize();
  const [claiming, setClaiming] = useState(false);
  const [claimed, setClaimed] = useState<ClaimResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useRefocusAfterBusy(buttonRef, claiming);

  useEffect(() => {
    setPageTitle('Claim Your Prize');
  }, []);

  useEffect(() => {
    if (claimed) resultRef.current?.focus();
  }, [claimed]);

  const claim = async () => {
    setClaiming(true);
    setProblem(null);
    try {
      const { data: answer } = await claimPrize({ variables: { id, input: { token } } });
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
            Press the button to claim it before the deadline in your e-mail. We will then write to
            you at the address you entered with to arrange delivery.
          </DetailNote>
          {problem ? (
            <Alert variant="error" title="Not claimed">
              {problem}
            </Alert>
          ) : null}
          <div>
            <Button ref={buttonRef} onClick={() => void claim()} disabled={claiming}>
              {claiming ? 'Claiming...' : 'Claim Prize'}
            </Button>
          </div>
        </DetailCard>
      )}
      <p>
        <Link to={`/giveaway/${id}/verify`}>Check how the winner was drawn</Link>
      </p>
    </Subpage>
  );
}
