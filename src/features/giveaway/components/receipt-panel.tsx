import type { EntryResponse } from '@site/contracts';
import { Link } from 'gatsby-link';
import React, { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const Code = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  letter-spacing: 0.06em;
  white-space: nowrap;

  ${({ theme }) => theme.media.sm} {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
`;

const Card = styled(DetailCard)`
  border-color: ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.successBg};

  &:focus {
    outline: 3px solid ${({ theme }) => theme.colors.success};
    outline-offset: 2px;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

/** The receipt of the entry just made: shown once, to be kept (it is also mailed when mail is set up). */
export function ReceiptPanel({ giveawayId, entry }: { giveawayId: string; entry: EntryResponse }) {
  const { toast } = useToast();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    ref.current?.focus();
  }, [entry.receipt]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(entry.receipt);
      toast({ title: 'Copied!', description: 'Receipt code copied to clipboard' });
    } catch {
      toast({
        title: 'Error',
        description: 'Could not copy; please write the code down.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card ref={ref} tabIndex={-1} aria-labelledby="receipt-title">
      <DetailCardTitle id="receipt-title">Your Entry Receipt</DetailCardTitle>
      <Row>
        <Code>{entry.receipt}</Code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy Code
        </Button>
      </Row>
      <DetailNote>
        Keep this code: it is the only link between you and your line in the public entry list. With
        it you can check at any time that{' '}
        <Link to={`/giveaway/${giveawayId}/check`}>you are in the draw</Link>. You accepted version{' '}
        {entry.rules_version} of the rules.
      </DetailNote>
    </Card>
  );
}
