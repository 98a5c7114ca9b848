import type { EntriesClosedReason, FrozenList } from '@site/contracts';
import React, { useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatCalendarDate } from '@/lib/dates';
import { counted } from '@/lib/format-number';

const Points = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[4]} 0;
  padding-left: ${({ theme }) => theme.space[5]};
`;

const EndDate = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/** What a draw needs to know about the giveaway's entries. */
export interface OpenEntries {
  frozen: FrozenList | null;
  entries_closed_reason: EntriesClosedReason;
}

/**
 * Whether drawing now would close entries that are still running: nothing froze the list yet,
 * and neither the end date nor the maximum closed them. The draw then needs the owner's
 * confirmation, and the server the matching `close_now`.
 */
export function drawClosesEntries(giveaway: OpenEntries): boolean {
  if (giveaway.frozen) return false;
  return giveaway.entries_closed_reason !== 'ended' && giveaway.entries_closed_reason !== 'full';
}

export interface DrawConfirmDialogProps {
  open: boolean;
  /** Entrants in the draw if it happens now. */
  entrantCount: number;
  /** YYYY-MM-DD, or null for a giveaway without an end date. */
  endDate: string | null;
  /** Keeps entries open: the giveaway's end date stays the way they close. */
  onWait: () => void;
  /** Closes entries now and draws. */
  onConfirm: () => void;
  /** Stacking level, for a dialog shown above the presenter view's full-window stage. */
  layer?: number;
}

/**
 * Asks before Select Winner closes a giveaway's entries ahead of its end date: says what the
 * draw will do and shows the end date. The default (focused) action keeps waiting.
 */
export function DrawConfirmDialog({
  open,
  entrantCount,
  endDate,
  onWait,
  onConfirm,
  layer,
}: DrawConfirmDialogProps) {
  const waitRef = useRef<HTMLButtonElement>(null);
  const entrants = counted(entrantCount, 'entrant');
  return (
    <Dialog
      open={open}
      onClose={onWait}
      title="Close entries and draw now?"
      description="Entries to this giveaway are still open. Drawing now:"
      initialFocusRef={waitRef}
      closeLabel="Wait, do not draw"
      {...(layer !== undefined ? { layer } : {})}
    >
      <Points>
        <li>closes entries now, for good: nobody else can enter;</li>
        <li>draws from the {entrants} in the list now;</li>
        <li>freezes that list and publishes it;</li>
        <li>cannot be undone.</li>
      </Points>
      <EndDate>
        {endDate ? (
          <>
            The giveaway&apos;s end date is <strong>{formatCalendarDate(endDate)}</strong>: entries
            close by themselves at the end of that day, and you can draw then.
          </>
        ) : (
          <>This giveaway has no end date: entries stay open until you close them or draw.</>
        )}
      </EndDate>
      <Actions>
        <Button ref={waitRef} variant="secondary" onClick={onWait}>
          {endDate ? 'Wait for the end date' : 'Keep entries open'}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          Close entries and draw now
        </Button>
      </Actions>
    </Dialog>
  );
}
