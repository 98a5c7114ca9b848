import React from 'react';
import { asRules, RulesDocument } from '@/features/giveaway/components/subpage-documents';
import { subpageHead } from './page-head';
import { drawDocument } from './draw-document';
import type { RenderedSlot, SlotContext } from '@site/contracts/request-slots';

/**
 * /giveaway/{id}/rules as a document page (src/pages/entrant-document/giveaway-rules.tsx): `null`
 * gives the loading frame the prebuilt page holds; the public GET /giveaway/{id}/rules answer (any version) gives the page drawn,
 * with its islands' elements and props. The head gets the styles only.
 */
export function render(data: unknown, _extra?: unknown, context?: SlotContext): RenderedSlot {
  const rules = asRules(data);
  return drawDocument(
    <RulesDocument rules={rules} />,
    subpageHead(context, rules ? `Official Rules - ${rules.title}` : null),
  );
}
