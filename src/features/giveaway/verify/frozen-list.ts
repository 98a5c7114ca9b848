import { api } from '@/lib/api-client';

/**
 * The frozen list file exactly as served (one line per entry): the fingerprint is the
 * SHA-256 of these bytes, so it is read as text and never re-joined.
 */
export async function fetchFrozenList(path: string): Promise<string> {
  const relative = path.replace(/^\/api\/v1/, '');
  return (await api.getBlob(relative)).text();
}
