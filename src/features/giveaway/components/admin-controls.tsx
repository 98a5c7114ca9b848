import React, { useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useToggleParticipants } from '../api/toggle-participants';
import { serverSentence } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface AdminControlsProps {
  giveawayId: string;
  participantCount: number;
  isAccepting: boolean;
  /** True while the draw call is on its way (the button must not be pressed twice). */
  selecting: boolean;
  onSelectWinner: () => void;
  /** Reloads the giveaway after entries were opened or closed. */
  onToggled: () => void;
}

/** Select Winner and Stop/Start Accepting, for admins while no winner is drawn (SPEC §2, §5). */
export function AdminControls({
  giveawayId,
  participantCount,
  isAccepting,
  selecting,
  onSelectWinner,
  onToggled,
}: AdminControlsProps) {
  const { toast } = useToast();
  const [toggleParticipants] = useToggleParticipants();
  const [toggling, setToggling] = useState(false);
  const selectRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // A refused draw leaves focus on Select Winner (a successful one moves it into the draw overlay).
  useRefocusAfterBusy(selectRef, selecting);
  useRefocusAfterBusy(toggleRef, toggling);

  const toggle = async () => {
    setToggling(true);
    try {
      const { data } = await toggleParticipants({
        variables: { id: giveawayId, input: { accept: !isAccepting } },
      });
      const answer = data?.toggleParticipants;
      if (answer?.success) {
        toast({ title: 'Success', description: answer.message });
        onToggled();
      } else {
        toast({
          title: 'Error',
          description: answer?.message || 'Failed to update giveaway status',
          variant: 'destructive',
        });
      }
    } catch (error) {
      toast({
        title: 'Error',
        description: serverSentence(error, 'Failed to update giveaway status'),
        variant: 'destructive',
      });
    } finally {
      setToggling(false);
    }
  };

  return (
    <DetailCard aria-labelledby="admin-controls-title">
      <DetailCardTitle id="admin-controls-title">Admin Controls</DetailCardTitle>
      <Actions>
        <Button
          ref={selectRef}
          onClick={onSelectWinner}
          disabled={participantCount === 0 || selecting}
          aria-describedby="select-winner-hint"
        >
          {selecting ? 'Selecting...' : 'Select Winner'}
        </Button>
        <DetailNote id="select-winner-hint">
          {participantCount === 0
            ? 'No participants yet. Wait for people to join before selecting a winner.'
            : `Ready to select winner from ${participantCount} participants.`}
        </DetailNote>
        <Button
          ref={toggleRef}
          variant="secondary"
          onClick={() => void toggle()}
          disabled={toggling}
        >
          {isAccepting ? 'Stop Accepting' : 'Start Accepting'}
        </Button>
      </Actions>
    </DetailCard>
  );
}
