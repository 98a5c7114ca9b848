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
  // Written whole under another name, then linked into place (which fails if the name exists):
  // of several processes starting together on one DATA_DIR, the first one's secret wins and the
  // others read it, never a half-written file.
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
