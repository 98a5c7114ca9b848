import React from 'react';
import { asVerification, VerifyDocument } from '@/features/giveaway/components/subpage-documents';
import { subpageHead } from './page-head';
import { drawDocument } from './draw-document';
import type { RenderedSlot, SlotContext } from '@site/contracts/request-slots';

/**
 * /giveaway/{id}/verify as a document page (src/pages/entrant-document/giveaway-verify.tsx): `null`
 * gives the loading frame the prebuilt page holds; the public GET /giveaway/{id}/verification answer gives the page drawn,
 * with its islands' elements and props. The head gets the styles only.
 */
export function render(data: unknown, _extra?: unknown, context?: SlotContext): RenderedSlot {
  const v = asVerification(data);
  return drawDocument(
    <VerifyDocument v={v} />,
    subpageHead(context, v ? `Verify the Draw - ${v.title}` : null),
  );
}
