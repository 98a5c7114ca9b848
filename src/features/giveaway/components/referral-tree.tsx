import type { Participant } from '@site/contracts';
import React, { useMemo } from 'react';
import styled from 'styled-components';
import { FLAG_TEXT, type ReferralNode, referralForest } from '../desk-flags';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const Tree = styled.ul`
  margin: 0;
  padding-left: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[5]};
    border-left: 2px solid ${({ theme }) => theme.colors.border};
    list-style: none;
  }

  li {
    padding-block: ${({ theme }) => theme.space[1]};
    overflow-wrap: anywhere;
  }

  [data-out='true'] > span:first-child {
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: line-through;
  }
`;

const Note = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

function describe(p: Participant): string {
  const parts: string[] = [];
  if (p.disqualified_at) parts.push('disqualified');
  else if (!p.confirmed_at) parts.push('unconfirmed');
  if (p.flags.includes('referral_chain')) parts.push(FLAG_TEXT.referral_chain.label.toLowerCase());
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function Branch({ node }: { node: ReferralNode }) {
  const p = node.entrant;
  const brought = node.children.length;
  return (
    <li data-out={p.disqualified_at ? 'true' : 'false'}>
      <span>@{p.instagram_handle}</span>
      <Note>
        {brought > 0 ? ` brought ${brought}` : ''}
        {describe(p)}
      </Note>
      {brought > 0 ? (
        <ul>
          {node.children.map((child) => (
            <Branch key={child.entrant.id} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** "Who brought whom": the entrants who came by someone's referral link, under that entrant. */
export function ReferralTreeCard({ entrants }: { entrants: Participant[] }) {
  const forest = useMemo(() => referralForest(entrants), [entrants]);
  return (
    <DetailCard aria-labelledby="referral-tree-title">
      <DetailCardTitle id="referral-tree-title">Who brought whom</DetailCardTitle>
      {forest.length === 0 ? (
        <DetailNote>Nobody has entered through another entrant&apos;s link yet.</DetailNote>
      ) : (
        <>
          <Tree aria-label="Referral tree">
            {forest.map((node) => (
              <Branch key={node.entrant.id} node={node} />
            ))}
          </Tree>
          <DetailNote>
            Each entrant is listed under the entrant whose link they came by. Disqualified entries
            are struck through; a referral chain flag means entries from one network or at throwaway
            addresses feed one entrant&apos;s bonus.
          </DetailNote>
        </>
      )}
    </DetailCard>
  );
}
