import type { BadgeVariant } from '@/components/ui/badge';

const STATUS_BADGES: Record<string, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  paused: { label: 'Paused', variant: 'warning' },
  ended: { label: 'Ended', variant: 'neutral' },
  winner_selected: { label: 'Winner Selected', variant: 'info' },
};

/** A giveaway status the site does not know displays as active. */
export function statusBadge(status: string | null | undefined): {
  label: string;
  variant: BadgeVariant;
} {
  return (
    STATUS_BADGES[status ?? ''] ??
    (STATUS_BADGES.active as { label: string; variant: BadgeVariant })
  );
}

/** The status card's wording: "winner_selected" → "WINNER SELECTED". */
export function statusHeadline(status: string | null | undefined): string {
  return (status || 'active').replace(/_/g, ' ').toUpperCase();
}

export function participantsLabel(count: number): string {
  return `${count} ${count === 1 ? 'participant' : 'participants'}`;
}
