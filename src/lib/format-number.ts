/**
 * "1,234": en-US digit grouping for whole counts, without Intl.NumberFormat, whose locale data
 * would otherwise load in the middle of hydration on pages that show a count.
 */
export function grouped(count: number): string {
  if (!Number.isInteger(count)) return String(count);
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 participant", "2 participants", "1,234 subscribers": a count with its noun in the right number. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${grouped(count)} ${count === 1 ? one : many}`;
}
