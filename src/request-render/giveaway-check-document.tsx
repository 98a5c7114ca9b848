import React from 'react';
import { asServedCheck } from '@/features/giveaway/components/receipt-check';
import { CheckDocument } from '@/features/giveaway/components/subpage-documents';
import { asServedGiveaway } from '@/features/giveaway/served-giveaway';
import { subpageHead } from './page-head';
import { drawDocument } from './draw-document';
import type { RenderedSlot, SlotContext } from '@site/contracts/request-slots';

/**
 * /giveaway/{id}/check ("Was I in the draw?") as a document page (src/pages/entrant-document/giveaway-check.tsx): `null`
 * gives the loading frame the prebuilt page holds; the public GET /giveaway/{id} answer gives the page drawn,
 * with its islands' elements and props. `checked`: the answer to the receipt form sent as a page
 * (the code as typed, and the answer or the message under the field). The head gets the styles only.
 */
export function render(data: unknown, checked?: unknown, context?: SlotContext): RenderedSlot {
  const giveaway = asServedGiveaway(data);
  return drawDocument(
    <CheckDocument giveaway={giveaway} served={asServedCheck(checked)} />,
    subpageHead(context, giveaway ? `Was I in the draw? - ${giveaway.title}` : null),
  );
}
