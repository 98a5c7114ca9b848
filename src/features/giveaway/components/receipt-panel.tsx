import { Link } from 'gatsby-link';
import React, { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/dates';
import { useMailReceipt } from '../api/mail-receipt';
import { serverSentence } from '../error-message';
import type { KeptEntry } from '../kept-entry';
import { shareOrCopy } from '../share';
import { DetailCard, DetailNote } from './detail-card';

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

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Small = styled.button`
  align-self: flex-start;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-decoration: underline;
  cursor: pointer;
`;

export interface ReceiptPanelProps {
  giveawayId: string;
  title: string;
  entry: KeptEntry;
  /** True right after entering (focus moves here); false on a return visit. */
  fresh: boolean;
  /** "This is not my entry": forget it on this device and show the form again. */
  onForget?: () => void;
}

/**
 * "You're in": the confirmation that replaces the entry form once this browser has entered, now
 * or on an earlier visit. The receipt code with Copy, "E-mail me my receipt", share, and where to
 * check later.
 */
export function ReceiptPanel({ giveawayId, title, entry, fresh, onForget }: ReceiptPanelProps) {
  const { toast } = useToast();
  const ref = useRef<HTMLElement>(null);
  const [mailReceipt] = useMailReceipt();
  const [mailing, setMailing] = useState(false);

  useEffect(() => {
    if (fresh) ref.current?.focus();
  }, [fresh, entry.receipt]);

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

  const mail = async () => {
    setMailing(true);
    try {
      const { data } = await mailReceipt({
        variables: { id: giveawayId, input: { receipt: entry.receipt } },
      });
      toast({
        title: 'Receipt',
        description: data?.mailReceipt?.message ?? 'Your receipt is on its way.',
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverSentence(error, 'Could not send the receipt; please copy it instead.'),
        variant: 'destructive',
      });
    } finally {
      setMailing(false);
    }
  };

  const share = async () => {
    const url = `${window.location.origin}/giveaway/${giveawayId}`;
    const outcome = await shareOrCopy(
      { title, text: `I entered ${title}. You can too!`, url },
      url,
    );
    if (outcome === 'copied')
      toast({ title: 'Link copied!', description: 'Giveaway link copied to clipboard' });
  };

  return (
    <Card ref={ref} tabIndex={-1} aria-labelledby="receipt-title">
      <Heading id="receipt-title">You&apos;re in!</Heading>
      <DetailNote>
        Entered as <strong>@{entry.instagram_handle}</strong> on {formatDateTime(entry.entered_at)}.
        Your receipt code:
      </DetailNote>
      <Row>
        <Code data-testid="receipt-code">{entry.receipt}</Code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy Code
        </Button>
      </Row>
      <DetailNote>
        Keep this code: it is the only link between you and your line in the public entry list. You
        accepted version {entry.rules_version} of the rules.
      </DetailNote>
      <Row>
        <Button variant="secondary" size="sm" onClick={() => void mail()} disabled={mailing}>
          {mailing ? 'Sending...' : 'E-mail me my receipt'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void share()}>
          Share
        </Button>
        <Link to={`/giveaway/${giveawayId}/check`}>Check later: was I in the draw?</Link>
      </Row>
      {onForget ? (
        <Small type="button" onClick={onForget}>
          Not your entry? Forget it on this device
        </Small>
      ) : null}
    </Card>
  );
}
