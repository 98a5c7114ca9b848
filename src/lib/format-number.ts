/**
 * "1,234": en-US digit grouping for whole counts, without Intl.NumberFormat, whose locale data
 * would otherwise load in the middle of hydration on pages that show a count.
 */
export function grouped(count: number): string {
  if (!Number.isInteger(count)) return String(count);
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
