import type { EntryResponse } from '@site/contracts';
import React, { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ToastsWhereNone } from '@/components/ui/toast';
import { island } from '@/lib/island';
import {
  arrivedByReferral,
  forgetEntry,
  keepEntry,
  type KeptEntry,
  keptEntryKey,
  readKeptEntry,
} from '../kept-entry';
import type { GiveawayItem } from '../api/giveaway-fields';
import { refreshCount } from '../live-count';
import { type ServedEntryState } from '../served-entry';
import { isDrawnPhase, phaseOf } from '../states';
import { DetailCard, DetailNote } from './detail-card';
import { EntryForm } from './entry-form';
import { ReceiptPanel } from './receipt-panel';

/**
 * Where the entry form appears: as tall as the form, so nothing below it moves when "You're in"
 * takes its place (about 390 px on a phone, where labels wrap, and 342 px from 768 px up).
 */
const FormSlot = styled.div`
  min-height: 24.5rem;

  @media (min-width: 768px) {
    min-height: 21.5rem;
  }
`;

const FormTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
`;

/**
 * The entry area keeps its height from the first frame (before the browser knows whether this
 * visitor already entered), so the cards below it never move when the form or "You're in"
 * arrives.
 */
const EntryArea = styled.div`
  min-height: 36rem;
  scroll-margin-top: 5rem;

  ${({ theme }) => theme.media.sm} {
    min-height: 33rem;
  }

  > section {
    min-height: inherit;
  }
`;

/** A winner is named or a draw recorded: the giveaway's page shows the result, not the form. */
export function hasWinner(giveaway: GiveawayItem): boolean {
  return giveaway.winner_id != null || giveaway.winner_details != null || giveaway.draws.length > 0;
}

/**
 * Whether the page holds the entry area with its form: entries open and nothing drawn, or a form
 * sent as a page and refused, which keeps its place with why, even once entries are closed.
 */
export function entryAreaOpen(giveaway: GiveawayItem, served: ServedEntryState | null): boolean {
  const drawn = hasWinner(giveaway) || isDrawnPhase(phaseOf(giveaway));
  return (!drawn && giveaway.entries_open) || served?.kind === 'refused';
}

/** The entry area's props read from the giveaway and the served answer, alike in the app and as an island. */
export function entryAreaProps(
  giveaway: GiveawayItem,
  served: ServedEntryState | null,
): Pick<
  GiveawayEntryProps,
  'title' | 'rulesVersion' | 'minAge' | 'referralCap' | 'open' | 'served'
> {
  return {
    title: giveaway.title,
    rulesVersion: giveaway.rules_version,
    minAge: giveaway.min_age,
    referralCap: giveaway.referral_cap ?? 0,
    open: entryAreaOpen(giveaway, served),
    served,
  };
}

// The server render has no layout (and React warns about layout effects there).
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export interface GiveawayEntryProps {
  id: string;
  title: string;
  rulesVersion: number;
  minAge: number;
  /** The giveaway's referral bonus cap; 0 when referrals are off. */
  referralCap: number;
  /**
   * Entries open (or a form sent as a page just refused): the area holds the form, or "You're
   * in" once this browser has entered. Closed: only "You're in", when this browser entered.
   */
  open: boolean;
  /** The server's answer to the entry form sent as a page, drawn with the page; null for none. */
  served: ServedEntryState | null;
  /** The entry was recorded (the app reads the giveaway again). */
  onEntered?: () => void;
  /** The entry was refused (the app reads the giveaway again: it may be full or closed). */
  onRefused?: () => void;
  /** Whether this browser holds an entry, once known (the app's "See your entry" button). */
  onKept?: (entered: boolean) => void;
}

/**
 * The entry area of a giveaway's page: "Enter the Giveaway" with its form, or "You're in" with the
 * receipt this browser keeps (read after mounting, so the first render is the server's). On a
 * document page it is an island (GiveawayEntryIsland); in the app the same component is live.
 */
export function GiveawayEntry({
  id,
  title,
  rulesVersion,
  minAge,
  referralCap,
  open,
  served,
  onEntered,
  onRefused,
  onKept,
}: GiveawayEntryProps) {
  // What this browser entered with, read after mounting (the first render matches the server's):
  // an entry the server has just recorded from the form sent as a page is shown at once.
  const [kept, setKept] = useState<{ entry: KeptEntry | null; fresh: boolean } | null>(() =>
    served?.kind === 'entered' ? { entry: served.entry, fresh: true } : null,
  );
  // The referral code of the link this visitor arrived by, if any: drawn by the server when the
  // page was asked for with it, else read after mounting (a code kept for this tab).
  const [referral, setReferral] = useState<string | null>(() =>
    served?.kind === 'referred' ? served.code : null,
  );

  // Before the browser paints the hydrated island: a return visit shows "You're in" in the form's
  // place without the form flashing first.
  useBrowserLayoutEffect(() => {
    if (served?.kind === 'entered') {
      keepEntry(id, served.entry);
      setKept({ entry: served.entry, fresh: true });
    } else {
      setKept({ entry: readKeptEntry(id), fresh: false });
    }
    setReferral(arrivedByReferral(id, window.location.search));
  }, [id, served]);

  // The entry area: the receipt that takes the form's place once entered is never under a toast.
  const areaRef = useRef<HTMLDivElement>(null);
  const entered = kept?.entry ?? null;
  useEffect(() => {
    if (kept) onKept?.(kept.entry !== null);
  }, [kept, onKept]);

  let content: React.ReactNode;
  if (entered && kept) {
    content = (
      <ReceiptPanel
        giveawayId={id}
        title={title}
        entry={entered}
        fresh={kept.fresh}
        referralCap={referralCap}
        siteOrigin={served?.kind === 'entered' ? served.origin : undefined}
        onForget={() => {
          forgetEntry(id);
          setKept({ entry: null, fresh: false });
        }}
      />
    );
  } else if (open) {
    content = (
      <DetailCard aria-labelledby="entry-title">
        <FormTitle id="entry-title">Enter the Giveaway</FormTitle>
        <DetailNote>One entry per e-mail address and Instagram handle.</DetailNote>
        {referral && referralCap > 0 ? (
          <DetailNote>
            You came through a friend&apos;s link: once your entry counts, they get a bonus entry.
          </DetailNote>
        ) : null}
        <FormSlot>
          <EntryForm
            giveawayId={id}
            rulesVersion={rulesVersion}
            minAge={minAge}
            referralCode={referral}
            initial={served?.kind === 'refused' ? served : null}
            outcome={() => receiptPart(areaRef.current)}
            onEntered={(answer: EntryResponse, handle: string) => {
              const entry: KeptEntry = {
                receipt: answer.receipt,
                rules_version: answer.rules_version,
                instagram_handle: handle,
                entered_at: new Date().toISOString(),
                ...(answer.referral_code ? { referral_code: answer.referral_code } : {}),
                confirm_by: answer.confirmation_pending ? answer.confirm_by : null,
              };
              keepEntry(id, entry);
              setKept({ entry, fresh: true });
              // On a document page (no app around it) the page's counts are brought up to date here.
              if (onEntered) onEntered();
              else void refreshCount(id);
            }}
            onRefused={() => onRefused?.()}
          />
        </FormSlot>
      </DetailCard>
    );
  } else {
    return null;
  }

  return open ? (
    <EntryArea id="enter" data-testid="entry-area" ref={areaRef}>
      {content}
    </EntryArea>
  ) : (
    <>{content}</>
  );
}

/**
 * The part of the receipt a toast must keep clear of: the whole receipt when it fits in the
 * window with room to spare, else (a phone) its top, the heading and the receipt code, since a
 * receipt taller than the window cannot be kept clear whole.
 */
function receiptPart(area: HTMLElement | null): Element | null {
  const receipt = area?.firstElementChild ?? null;
  if (!receipt || receipt.getBoundingClientRect().height <= window.innerHeight * 0.6)
    return receipt;
  return receipt.querySelector('[data-testid="receipt-code"]') ?? receipt;
}

function StandaloneEntry(props: GiveawayEntryProps) {
  return (
    <ToastsWhereNone>
      <GiveawayEntry {...props} />
    </ToastsWhereNone>
  );
}

/**
 * The entry area as an island: it loads when the visitor comes near it, focuses a field or points
 * at it (what was typed before stays, a form sent before is held and sent once hydrated), and at
 * once on a return visit, when this browser keeps an entry for the giveaway, so "You're in" takes
 * the form's reserved place.
 */
export const GiveawayEntryIsland = island('giveaway-entry', StandaloneEntry, {
  whenStored: (props) => keptEntryKey(props.id),
});
