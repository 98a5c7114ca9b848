import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  canonicalRedirect,
  contentTypeFor,
  decodeUrlPath,
  isInternalFile,
  REVALIDATE,
  siteFileFor,
} from '@site/contracts/static-rules';

/**
 * `npm run develop`: serves /tools/… from `toolsDir` (static/tools, with face-api's files that
 * scripts/copy-vendor.mjs puts in drowsiness/vendor) by the rules the production server applies
 * to the built site (contracts/src/static-rules.ts): a URL ending in "/" redirects (301) to the
 * same URL without it; a folder answers with its index.html; dot-files and build by-products are
 * not served; files are revalidated on every request (the tools are not hashed). Gatsby's dev
 * server would instead add a trailing slash and knows nothing of the vendor files. Anything not
 * found goes on to Gatsby (its 404 page).
 */
export function serveTools(toolsDir: string, mount = '/tools') {
  const root = path.resolve(toolsDir);
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const url = request.url ?? '/';
    const rawPath = url.split('?')[0] ?? '/';
    if (rawPath !== mount && !rawPath.startsWith(`${mount}/`)) return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const decoded = decodeUrlPath(rawPath);
    if (decoded === null || isInternalFile(decoded)) return next();
    const canonical = canonicalRedirect(decoded, rawPath, url);
    if (canonical === false) return next();
    if (canonical !== null) {
      response.writeHead(301, { location: canonical });
      response.end();
      return;
    }
    const relative = siteFileFor(root, decoded.slice(mount.length) || '/');
    if (relative === null) return next();
    const file = path.join(root, relative);
    const stat = fs.statSync(file);
    response.writeHead(200, {
      'content-type': contentTypeFor(file),
      'content-length': stat.size,
      'cache-control': REVALIDATE,
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    fs.createReadStream(file).pipe(response);
  };
}
