import React, { useEffect, useState } from 'react';
import styled from 'styled-components';
import { island } from '@/lib/island';
import { countdownText, formatClosing, msUntilNextChange } from '../countdown';
import { useLiveCount } from '../live-count';
import { entriesLabel } from '../states';

/*
 * Next to the call to action of an open giveaway: how many have entered, and how long is left.
 *
 * The count is part of the giveaway's data, so the server draws it. The countdown needs the
 * visitor's clock and time zone, which the server does not know: its box is drawn empty, with
 * its full size, and filled once the page runs in the browser, so the first render is the same
 * on the server and in the browser and nothing moves when the words arrive. The words change
 * once a minute at most and are not a live region: a screen reader reads them when it reaches
 * them, and the exact closing moment is written out next to them.
 */

const Pulse = styled.div`
  display: flex;
  flex-direction: column;
  line-height: 1.35;
`;

const Count = styled.p`
  margin: 0;
  font-weight: 700;
`;

/**
 * Room for its two lines (the time left, and the closing moment) from the first frame. Neither
 * line wraps, so the box never grows: the closing moment is cut short with an ellipsis on a
 * screen too narrow for it (its exact moment stays in the element's datetime).
 */
const Clock = styled.div`
  min-height: calc(2 * 1.35 * ${({ theme }) => theme.fontSizes.sm});
  font-size: ${({ theme }) => theme.fontSizes.sm};

  p {
    margin: 0;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

const Left = styled.p`
  font-weight: 600;
`;

const Closing = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface EntryPulseProps {
  /** The giveaway: a document page's count follows an entry made on it (live-count.ts). */
  id?: string;
  count: number;
  /** When entries close by date (ISO); null when the giveaway has no end date. */
  closeAt: string | null;
  /** Called once when the countdown reaches the close, so the page can read the new state. */
  onClosed?: () => void;
}

/** Ticks with the countdown: the current time once mounted, null on the first render. */
function useMinuteClock(closeAt: number | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (closeAt === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const wait = msUntilNextChange(closeAt, at);
      // A few milliseconds past the change, so the next reading falls on its far side.
      if (Number.isFinite(wait)) timer = setTimeout(tick, wait + 25);
    };
    tick();
    // A tab in the background may have its timers slowed: read the clock again on return.
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      if (timer !== undefined) clearTimeout(timer);
      tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [closeAt]);
  return now;
}

export function EntryPulse({ id, count: served, closeAt, onClosed }: EntryPulseProps) {
  const count = useLiveCount(id, served);
  const parsed = closeAt === null ? NaN : Date.parse(closeAt);
  const close = Number.isNaN(parsed) ? null : parsed;
  const now = useMinuteClock(close);
  const closed = close !== null && now !== null && now >= close;

  useEffect(() => {
    if (closed) onClosed?.();
  }, [closed, onClosed]);

  return (
    <Pulse data-testid="entry-pulse">
      <Count>{entriesLabel(count)}</Count>
      {close !== null && closeAt !== null ? (
        <Clock data-testid="countdown">
          {now !== null ? (
            <>
              <Left>{countdownText(close, now)}</Left>
              {closed ? null : (
                <Closing>
                  <span className="sr-only">Entries are open until </span>
                  <time dateTime={new Date(close).toISOString()}>{formatClosing(close)}</time>
                  <span className="sr-only">, your time.</span>
                </Closing>
              )}
            </>
          ) : null}
        </Clock>
      ) : null}
    </Pulse>
  );
}

/**
 * The count and the countdown as an island of a document page: the count is drawn by the server,
 * the countdown's box (its size kept) is filled once the island loads, when the visitor comes
 * near it or acts on it. `onClosed` is the app's alone (a function is no island data).
 */
export const EntryPulseIsland = island('giveaway-countdown', EntryPulse);
