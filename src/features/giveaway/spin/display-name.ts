/**
 * What the draw shows for an entrant: the handle trimmed, with one leading "@", or the e-mail
 * when there is no handle.
 */
export function displayHandle(entrant: {
  instagram_handle?: string | null;
  email?: string | null;
}): string {
  const handle = (entrant.instagram_handle ?? '').trim().replace(/^@+/, '').trim();
  if (handle) return `@${handle}`;
  return (entrant.email ?? '').trim();
}
