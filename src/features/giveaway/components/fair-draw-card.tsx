import { Link } from 'gatsby-link';
import React from 'react';
import styled from 'styled-components';
import { Moment } from '@/components/ui/moment';
import type { GiveawayItem } from '../api/giveaway-fields';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { Mono } from './subpage';

const Links = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: 0;
  list-style: none;
  font-weight: 600;
`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The rules and the verifiable draw, linked from every giveaway page. */
export function FairDrawCard({ id, giveaway }: { id: string; giveaway: GiveawayItem }) {
  const legacy = giveaway.draws.some((d) => d.algorithm === 'legacy');
  return (
    <DetailCard aria-labelledby="fair-draw-title">
      <DetailCardTitle id="fair-draw-title">Rules &amp; Fair Draw</DetailCardTitle>
      {giveaway.commitment ? (
        <>
          <DetailNote>
            The draw&apos;s secret seed was committed to when this giveaway was created. Its
            SHA-256:
          </DetailNote>
          <Mono>{giveaway.commitment}</Mono>
        </>
      ) : null}
      {giveaway.frozen ? (
        <DetailNote>
          The list of {giveaway.frozen.entrant_count}{' '}
          {giveaway.frozen.entrant_count === 1 ? 'entry' : 'entries'} is frozen and published.
          Entries closed on <Moment iso={giveaway.frozen.frozen_at} />
        </DetailNote>
      ) : (
        <DetailNote>When entries close, the entry list is frozen and published.</DetailNote>
      )}
      {(giveaway.referral_cap ?? 0) > 0 || (giveaway.bonus_entry_count ?? 0) > 0 ? (
        <DetailNote data-testid="bonus-total">
          Referrals: each entrant can earn up to {giveaway.referral_cap ?? 0} bonus{' '}
          {giveaway.referral_cap === 1 ? 'entry' : 'entries'} by bringing friends;{' '}
          {plural(giveaway.bonus_entry_count ?? 0, 'bonus entry', 'bonus entries')} earned so far.
        </DetailNote>
      ) : null}
      {giveaway.confirm_entries ? (
        <DetailNote>An entry counts once its e-mail address is confirmed.</DetailNote>
      ) : null}
      <Links>
        <li>
          <Link to={`/giveaway/${id}/rules`}>
            Official rules (version {giveaway.rules_version})
          </Link>
          {giveaway.rules_version > 1 ? (
            <DetailNote as="span"> — changed after entries opened</DetailNote>
          ) : null}
        </li>
        <li>
          <Link to={`/giveaway/${id}/check`}>Was I in the draw?</Link>
        </li>
        {!legacy ? (
          <li>
            <Link to={`/giveaway/${id}/verify`}>Verify the draw yourself</Link>
          </li>
        ) : null}
      </Links>
    </DetailCard>
  );
}
