import React from 'react';
import { Badge } from '@/components/ui/badge';
import { statusBadge } from '../format';

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { label, variant } = statusBadge(status);
  return <Badge $variant={variant}>{label}</Badge>;
}
