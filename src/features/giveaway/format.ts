import type { BadgeVariant } from '@/components/ui/badge';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const EN_US_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/**
 * A date in the en-US style ("March 5, 2026"). A bare YYYY-MM-DD is a calendar day, so it is
 * read as local midnight: `new Date('2026-03-05')` would be UTC midnight and show March 4 in
 * American time zones.
 */
export function formatDate(value: string | Date): string {
  if (value instanceof Date) return value.toLocaleDateString('en-US', EN_US_DATE);
  const match = DATE_ONLY.exec(value);
  const date = match
    ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', EN_US_DATE);
}

/** Today as YYYY-MM-DD in the visitor's time zone (the form's default start date). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

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
