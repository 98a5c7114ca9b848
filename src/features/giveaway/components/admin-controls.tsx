import type { EntriesClosedReason, FrozenList } from '@site/contracts';
import React, { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useCloseEntries } from '../api/close-entries';
import { useToggleParticipants } from '../api/toggle-participants';
import { failureToast } from '../error-message';
import { useRefocusAfterBusy } from '../use-refocus-after-busy';
import { DetailCard, DetailCardTitle, DetailNote } from './detail-card';
import { DrawConfirmDialog, drawClosesEntries } from './draw-confirm-dialog';
import { counted } from '@/lib/format-number';

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const EXTERNAL_VALUE = /^[A-Za-z0-9._,+/=-]{1,256}$/;

export const CLOSE_CONFIRMATION =
  'Close entries for good? The entry list is then frozen and published, and entries can never reopen. (To stop entries for a while, use Stop Accepting instead.)';

export interface AdminControlsProps {
  giveawayId: string;
  participantCount: number;
  isAccepting: boolean;
  /** Set once entries have closed: there is no way back. */
  frozen: FrozenList | null;
  /** Why entries are closed now, if they are (the end date or the maximum closes them for good). */
  entriesClosedReason: EntriesClosedReason;
  /** YYYY-MM-DD; null without an end date. */
  endDate: string | null;
  /** The external public random value the rules name, if any. */
  externalRandomness: string | null;
  /** True while the draw call is on its way (the button must not be pressed twice). */
  selecting: boolean;
  /**
   * The draw. `closeNow` is true once the owner confirmed that drawing closes entries that are
   * still open.
   */
  onSelectWinner: (externalValue?: string, closeNow?: boolean) => void;
  /** Reloads the giveaway after entries were opened or closed. */
  onToggled: () => void;
}

/** Select Winner, pause or resume entries, close them for good; for admins while no winner is drawn. */
export function AdminControls({
  giveawayId,
  participantCount,
  isAccepting,
  frozen,
  entriesClosedReason,
  endDate,
  externalRandomness,
  selecting,
  onSelectWinner,
  onToggled,
}: AdminControlsProps) {
  const [confirming, setConfirming] = useState(false);
  const closesEntries = drawClosesEntries({ frozen, entries_closed_reason: entriesClosedReason });
  const { toast } = useToast();
  const [toggleParticipants] = useToggleParticipants();
  const [closeEntries] = useCloseEntries();
  const [toggling, setToggling] = useState(false);
  const [externalValue, setExternalValue] = useState('');
  const [externalError, setExternalError] = useState<string | undefined>();
  const selectRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // A refused draw leaves focus on Select Winner (a successful one moves it into the draw overlay).
  useRefocusAfterBusy(selectRef, selecting);
  useRefocusAfterBusy(toggleRef, toggling);

  // Stopping entries removes the toggle for good: focus goes to the sentence that says so,
  // instead of being lost to <body>.
  const frozenNoteRef = useRef<HTMLParagraphElement>(null);
  const wasFrozen = useRef(Boolean(frozen));
  useEffect(() => {
    if (frozen && !wasFrozen.current) {
      const active = document.activeElement;
      if (!active || active === document.body) frozenNoteRef.current?.focus();
    }
    wasFrozen.current = Boolean(frozen);
  }, [frozen]);

  const toggle = async (action: 'toggle' | 'close') => {
    if (action === 'close' && !window.confirm(CLOSE_CONFIRMATION)) return;
    setToggling(true);
    try {
      const answer =
        action === 'close'
          ? (await closeEntries({ variables: { id: giveawayId, input: {} } })).data?.closeEntries
          : (
              await toggleParticipants({
                variables: { id: giveawayId, input: { accept: !isAccepting } },
              })
            ).data?.toggleParticipants;
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
      toast(failureToast(error, 'Failed to update giveaway status'));
    } finally {
      setToggling(false);
    }
  };

  const select = () => {
    if (!externalRandomness) {
      // Entries still open: ask first (the dialog says what the draw will do).
      if (closesEntries) setConfirming(true);
      else onSelectWinner();
      return;
    }
    const value = externalValue.trim();
    if (!EXTERNAL_VALUE.test(value)) {
      setExternalError(
        'Enter the value exactly as its source published it (letters, digits and . _ , + / = - only).',
      );
      return;
    }
    setExternalError(undefined);
    onSelectWinner(value);
  };

  const waitingForClose = Boolean(externalRandomness) && !frozen;
  let hint = `Ready to select winner from ${counted(participantCount, 'participant')}.`;
  if (participantCount === 0)
    hint = 'No participants yet. Wait for people to join before selecting a winner.';
  else if (waitingForClose)
    hint =
      'The rules mix in an external random value announced after entries close: close entries for good first.';
  else if (closesEntries)
    hint = `${hint} Entries are still open: drawing now closes them for good, and asks first.`;

  return (
    <DetailCard aria-labelledby="admin-controls-title">
      <DetailCardTitle id="admin-controls-title">Admin Controls</DetailCardTitle>
      <Actions>
        {externalRandomness && frozen ? (
          <Field
            label="External random value"
            required
            error={externalError}
            hint={`As the rules name it: ${externalRandomness}.`}
          >
            <Input
              value={externalValue}
              onChange={(e) => setExternalValue(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        ) : null}
        <Button
          ref={selectRef}
          onClick={select}
          disabled={participantCount === 0 || selecting || waitingForClose}
          aria-describedby="select-winner-hint"
        >
          {selecting ? 'Selecting...' : 'Select Winner'}
        </Button>
        <DetailNote id="select-winner-hint">{hint}</DetailNote>
        {frozen ? (
          <DetailNote ref={frozenNoteRef} tabIndex={-1}>
            Entries are closed: the list of {frozen.entrant_count}{' '}
            {frozen.entrant_count === 1 ? 'entry' : 'entries'} is frozen and published.
          </DetailNote>
        ) : (
          <>
            <Button
              ref={toggleRef}
              variant="secondary"
              onClick={() => void toggle('toggle')}
              disabled={toggling}
              aria-describedby="toggle-hint"
            >
              {isAccepting ? 'Stop Accepting' : 'Start Accepting'}
            </Button>
            <DetailNote id="toggle-hint">
              {isAccepting
                ? 'Stop Accepting pauses entries; Start Accepting reopens them.'
                : 'Entries are paused. Start Accepting reopens them.'}
            </DetailNote>
            <Button variant="danger" onClick={() => void toggle('close')} disabled={toggling}>
              Close entries for good
            </Button>
          </>
        )}
        <ButtonLink to={`/giveaway/${giveawayId}/present`} variant="secondary">
          Open the presenter view
        </ButtonLink>
      </Actions>
      <DrawConfirmDialog
        open={confirming}
        entrantCount={participantCount}
        endDate={endDate}
        onWait={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onSelectWinner(undefined, true);
        }}
      />
    </DetailCard>
  );
}
