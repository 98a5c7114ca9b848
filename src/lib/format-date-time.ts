/**
 * Timestamps in the site's en-US style with the time ("Nov 22, 2026, 12:16 PM"), for the staff
 * screens, which are about recency. An empty value reads as nothing; an unreadable one as given.
 */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
