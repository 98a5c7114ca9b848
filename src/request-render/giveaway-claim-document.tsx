import React from 'react';
import { ClaimDocument } from '@/features/giveaway/components/mailed-link-documents';
import { asMailedLinkState } from '@/features/giveaway/mailed-link-state';
import { asServedGiveaway } from '@/features/giveaway/served-giveaway';
import { subpageHead } from './page-head';
import { drawDocument } from './draw-document';
import type { RenderedSlot, SlotContext } from '@site/contracts/request-slots';

/**
 * /giveaway/{id}/claim as a document page (src/pages/entrant-document/giveaway-claim.tsx): `null`
 * gives the loading frame the prebuilt page holds; a giveaway (the public GET /giveaway/{id}
 * answer) gives its page. `link`: what the mailed link's token stands for, for this request only
 * (the server then sends the page as private); without it, the page says it needs the link.
 */
export function render(data: unknown, link?: unknown, context?: SlotContext): RenderedSlot {
  const giveaway = asServedGiveaway(data);
  const state = giveaway === null ? null : asMailedLinkState(link);
  return drawDocument(
    <ClaimDocument giveaway={giveaway} state={state} />,
    subpageHead(context, giveaway ? 'Claim Your Prize' : null),
  );
}
