import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in
 * the data directory (mode 0600) so tokens survive restarts.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
