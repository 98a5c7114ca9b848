import React from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { shareOrCopy } from '../share';
import { shareText, type PhaseFacts } from '../states';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { ShareIcon } from '@/components/icons';

/** "Share Giveaway", in words that fit the giveaway's state. */
export function ShareCard({ giveaway }: { giveaway: PhaseFacts }) {
  const { toast } = useToast();
  const words = shareText(giveaway);

  const share = async () => {
    const url = window.location.href;
    const outcome = await shareOrCopy({ title: giveaway.title, text: words.text, url }, url);
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
      <DetailNote>{words.note}</DetailNote>
      <Button variant="secondary" onClick={() => void share()}>
        <ShareIcon size={18} />
        Share Giveaway
      </Button>
    </DetailCard>
  );
}
