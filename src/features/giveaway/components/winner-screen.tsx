import React, { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { onDarkPrimary, onDarkSecondary } from '@/components/marketing/page-hero';
import { Button, ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { useToast } from '@/components/ui/toast';
import { formatLocalDate } from '@/lib/dates';
import { shareOrCopy } from '../share';
import { celebrate } from '../spin/confetti';
import { displayHandle } from '../spin/display-name';
import { ArrowLeftIcon, CheckIcon, ShareIcon, TrophyIcon } from '@/components/icons';

const Outer = styled.section`
  padding-block: ${({ theme }) => theme.space[12]};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.darkText};
  text-align: center;

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space[16]};
  }
`;

const Trophy = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 6rem;
  height: 6rem;
  margin-bottom: ${({ theme }) => theme.space[4]};
  border-radius: 50%;
  background: rgba(250, 204, 21, 0.15);
  color: #fde047;
`;

const Heading = styled.h1`
  margin-bottom: ${({ theme }) => theme.space[2]};
  color: #fde047;
  font-size: 3rem;
  letter-spacing: 0.04em;

  ${({ theme }) => theme.media.md} {
    font-size: 4rem;
  }

  &:focus {
    outline: none;
  }
`;

const Lead = styled.p`
  margin-bottom: ${({ theme }) => theme.space[8]};
  color: ${({ theme }) => theme.colors.darkMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const WinnerCard = styled.div`
  max-width: 560px;
  margin: 0 auto ${({ theme }) => theme.space[8]};
  padding: ${({ theme }) => theme.space[6]};
  border: 2px solid #facc15;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(255, 255, 255, 0.06);
`;

const Handle = styled.p`
  margin-bottom: ${({ theme }) => theme.space[1]};
  color: #ffffff;
  font-size: clamp(1.75rem, 6vw, 2.5rem);
  font-weight: 800;
  overflow-wrap: anywhere;
`;

const Places = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0 0 ${({ theme }) => theme.space[4]};
  padding: 0;
  list-style: none;

  /* Several handles share the card: smaller than a single winner's, so each fits on a phone. */
  ${Handle} {
    font-size: clamp(1.25rem, 5vw, 1.75rem);
  }
`;

const Email = styled.p`
  margin-bottom: ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.darkMuted};
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  text-align: left;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  div {
    padding: ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.md};
    background: rgba(255, 255, 255, 0.06);
  }

  dt {
    color: ${({ theme }) => theme.colors.darkMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    color: #ffffff;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 560px;
  margin-inline: auto;

  button {
    white-space: normal;
  }

  ${({ theme }) => theme.media.sm} {
    flex-direction: row;
    flex-wrap: wrap;
    justify-content: center;
    max-width: none;
  }
`;

const LightButton = styled(Button)`
  ${onDarkPrimary}
`;

const OutlineButton = styled(Button)`
  ${onDarkSecondary}
`;

const OutlineLink = styled(ButtonLink)`
  ${onDarkSecondary}
`;

export interface WinnerScreenProps {
  winner: { email: string; instagram_handle: string };
  /** The draw's further winners, in place order, when it named several. */
  others?: readonly { id?: number; email: string; instagram_handle: string }[];
  giveaway: { title: string; prize: string; participant_count: number };
  /** The giveaway's verification page, where anyone can recompute this draw. */
  verifyPath: string;
  onBack: () => void;
}

/**
 * The text shared from the winner screen: 'Congratulations to @{handle} for winning our {title}
 * giveaway!' (the e-mail stands in for a missing handle).
 */
export function winnerAnnouncement(winner: WinnerScreenProps['winner'], title: string): string {
  return `Congratulations to ${displayHandle(winner)} for winning our ${title} giveaway!`;
}

/** The result after the draw, with confetti. */
export function WinnerScreen({
  winner,
  others = [],
  giveaway,
  verifyPath,
  onBack,
}: WinnerScreenProps) {
  const { toast } = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const selectedOn = useRef(formatLocalDate(new Date())).current;

  useEffect(() => {
    headingRef.current?.focus();
    return celebrate();
  }, []);

  const share = async () => {
    const text =
      others.length > 0
        ? `Congratulations to ${[winner, ...others].map(displayHandle).join(', ')} for winning our ${giveaway.title} giveaway!`
        : winnerAnnouncement(winner, giveaway.title);
    // The giveaway's page without the query: a referral code in the address is nobody's to hand on.
    const url = `${window.location.origin}${window.location.pathname}`;
    const outcome = await shareOrCopy({ title: `${giveaway.title} winner`, text, url }, text);
    if (outcome === 'copied')
      toast({ title: 'Copied!', description: 'Winner announcement copied to clipboard' });
    if (outcome === 'failed') toast({ title: 'Error', description: text, variant: 'destructive' });
  };

  return (
    <Outer aria-labelledby="winner-heading">
      <Container>
        <Trophy>
          <TrophyIcon size={56} />
        </Trophy>
        <Heading id="winner-heading" ref={headingRef} tabIndex={-1}>
          {others.length > 0 ? 'WINNERS!' : 'WINNER!'}
        </Heading>
        <Lead>
          {others.length > 0
            ? `Congratulations to our ${others.length + 1} lucky winners!`
            : 'Congratulations to our lucky winner!'}
        </Lead>
        <WinnerCard>
          {others.length > 0 ? (
            <Places>
              {[winner, ...others].map((w, i) => (
                <li key={`${i}-${w.email}`}>
                  <Handle>
                    {i + 1}. {displayHandle(w)}
                  </Handle>
                  <Email>{w.email}</Email>
                </li>
              ))}
            </Places>
          ) : (
            <>
              <Handle>{displayHandle(winner)}</Handle>
              <Email>{winner.email}</Email>
            </>
          )}
          <Facts>
            <div>
              <dt>Prize</dt>
              <dd>{giveaway.prize}</dd>
            </div>
            <div>
              <dt>Giveaway</dt>
              <dd>{giveaway.title}</dd>
            </div>
            <div>
              <dt>Total participants</dt>
              <dd>{giveaway.participant_count}</dd>
            </div>
            <div>
              <dt>Selected on</dt>
              <dd>{selectedOn}</dd>
            </div>
          </Facts>
        </WinnerCard>
        <Actions>
          <LightButton size="lg" onClick={() => void share()}>
            <ShareIcon size={18} />
            Share Winner Announcement
          </LightButton>
          <OutlineLink to={verifyPath} size="lg">
            <CheckIcon size={18} />
            Verify the Draw
          </OutlineLink>
          <OutlineButton size="lg" onClick={onBack}>
            <ArrowLeftIcon size={18} />
            Back to Giveaway
          </OutlineButton>
        </Actions>
      </Container>
    </Outer>
  );
}
