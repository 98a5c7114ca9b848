import React from 'react';
import { Button } from '@/components/ui/button';
import { ToastsWhereNone, useToast } from '@/components/ui/toast';
import { island } from '@/lib/island';
import { readKeptEntry } from '../kept-entry';
import { giveawayShareAddress, shareOrCopy } from '../share';
import { shareText, type PhaseFacts } from '../states';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { ShareIcon } from '@/components/icons';

/** The share card's words, worked out where the page is drawn: plain data for the island. */
interface ShareWords {
  /** The giveaway's id: what is shared is its own address, or this browser's personal link. */
  id: string;
  referralCap: number;
  title: string;
  text: string;
  note: string;
}

function ShareCardBody({ id, referralCap, title, text, note }: ShareWords) {
  const { toast } = useToast();

  const share = async () => {
    // Never the address bar: for a visitor who came through a friend's link, that is the
    // friend's referral link.
    const url = giveawayShareAddress(window.location.origin, id, readKeptEntry(id), referralCap);
    const outcome = await shareOrCopy({ title, text, url }, url);
    if (outcome === 'copied')
      toast({ title: 'Link copied!', description: 'Giveaway link copied to clipboard' });
    if (outcome === 'failed')
      toast({
        title: 'Error',
        description: `Copy this link to share: ${url}`,
        variant: 'destructive',
      });
  };

  return (
    <DetailCard aria-labelledby="share-giveaway-title">
      <DetailCardTitle id="share-giveaway-title">Share Giveaway</DetailCardTitle>
      <DetailNote>{note}</DetailNote>
      <Button variant="secondary" onClick={() => void share()}>
        <ShareIcon size={18} />
        Share Giveaway
      </Button>
    </DetailCard>
  );
}

function StandaloneShareCard(props: ShareWords) {
  return (
    <ToastsWhereNone>
      <ShareCardBody {...props} />
    </ToastsWhereNone>
  );
}

/**
 * The share card as an island: few visitors press Share, so its code loads only when the button
 * takes focus or a pointer; a press before then is kept and answered once loaded.
 */
export const ShareCardIsland = island('giveaway-share', StandaloneShareCard, {
  load: 'interaction',
});

/**
 * "Share Giveaway", in words that fit the giveaway's state. It shares the giveaway's own address,
 * or this browser's entrant's personal link once entered, never the address it was reached by.
 */
export function ShareCard({
  id,
  giveaway,
}: {
  id: string;
  giveaway: PhaseFacts & { referral_cap?: number | null };
}) {
  const words = shareText(giveaway);
  return (
    <ShareCardIsland
      id={id}
      referralCap={giveaway.referral_cap ?? 0}
      title={giveaway.title}
      text={words.text}
      note={words.note}
    />
  );
}
