import React from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { shareOrCopy } from '../share';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { ShareIcon } from '@/components/icons';

export function ShareCard({ title, description }: { title: string; description: string }) {
  const { toast } = useToast();

  const share = async () => {
    const url = window.location.href;
    const outcome = await shareOrCopy({ title, text: description, url }, url);
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
      <DetailNote>Tell your friends so they can enter too.</DetailNote>
      <Button variant="secondary" onClick={() => void share()}>
        <ShareIcon size={18} />
        Share Giveaway
      </Button>
    </DetailCard>
  );
}
