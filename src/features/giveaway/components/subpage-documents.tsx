import type { GiveawayRules, GiveawayVerification } from '@site/contracts';
import React from 'react';
import { IconSprite, IconSpriteProvider } from '@/components/icon-base';
import { Spinner } from '@/components/ui/spinner';
import type { GiveawayItem } from '../api/giveaway-fields';
import { CheckView } from './check-page';
import { DrawCheckerIsland } from './draw-checker';
import { ReceiptCheckIsland, type ServedCheck } from './receipt-check';
import { ROUTES_LOADING_LABEL, RoutesFrame } from './routes-frame';
import { RulesView } from './rules-page';
import { VerifyView } from './verify-page';

/*
 * A giveaway's rules, "Was I in the draw?" and verification pages as document pages: drawn by
 * the server into pages of their own (src/pages/entrant-document/) for a visitor without a
 * session, with the app pages' components. `null` is each page as built (the frame, loading),
 * which the server replaces with the page drawn.
 */

function Loading() {
  return (
    <RoutesFrame>
      <Spinner label={ROUTES_LOADING_LABEL} />
    </RoutesFrame>
  );
}

/**
 * A drawn page's frame, with the icons it draws: the built page's sprite holds only the symbols of
 * its loading state, and nothing runs on a document page to add the others.
 */
function Drawn({ children }: { children: React.ReactNode }) {
  return (
    <RoutesFrame>
      <IconSpriteProvider>
        {children}
        <IconSprite />
      </IconSpriteProvider>
    </RoutesFrame>
  );
}

/** The rules, any version: nothing runs in the browser. */
export function RulesDocument({ rules }: { rules: GiveawayRules | null }) {
  if (rules === null) return <Loading />;
  return (
    <Drawn>
      <RulesView id={String(rules.giveaway_id)} rules={rules} />
    </Drawn>
  );
}

/**
 * "Was I in the draw?": the receipt form is an island. `served`: the answer to the form sent as a
 * page, drawn with the code as typed.
 */
export function CheckDocument({
  giveaway,
  served = null,
}: {
  giveaway: GiveawayItem | null;
  served?: ServedCheck | null;
}) {
  if (giveaway === null) return <Loading />;
  const id = String(giveaway.id);
  return (
    <Drawn>
      <CheckView
        id={id}
        title={giveaway.title}
        form={<ReceiptCheckIsland id={id} {...(served ? { served } : {})} />}
      />
    </Drawn>
  );
}

/** The verification: the record as drawn; the checker loads when the visitor asks to verify. */
export function VerifyDocument({ v }: { v: GiveawayVerification | null }) {
  if (v === null) return <Loading />;
  return (
    <Drawn>
      <VerifyView
        id={String(v.giveaway_id)}
        v={v}
        checker={<DrawCheckerIsland v={v} auto={false} />}
      />
    </Drawn>
  );
}

/** `value` as a public rules answer, or null. */
export function asRules(value: unknown): GiveawayRules | null {
  if (typeof value !== 'object' || value === null) return null;
  const rules = value as Partial<GiveawayRules>;
  return typeof rules.giveaway_id === 'number' &&
    typeof rules.title === 'string' &&
    Array.isArray(rules.sections) &&
    Array.isArray(rules.versions)
    ? (value as GiveawayRules)
    : null;
}

/** `value` as a public verification record, or null. */
export function asVerification(value: unknown): GiveawayVerification | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<GiveawayVerification>;
  return typeof v.giveaway_id === 'number' &&
    typeof v.title === 'string' &&
    typeof v.algorithm === 'string' &&
    Array.isArray(v.draws) &&
    Array.isArray(v.redraw_seeds)
    ? (value as GiveawayVerification)
    : null;
}
