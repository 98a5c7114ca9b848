import React from 'react';
import { Badge } from '@/components/ui/badge';
import { phaseBadge, type PhaseFacts } from '../states';

/** The giveaway's state as a badge, in the one wording every page uses. */
export function StatusBadge({ giveaway }: { giveaway: PhaseFacts }) {
  const { label, variant } = phaseBadge(giveaway);
  return <Badge $variant={variant}>{label}</Badge>;
}
