import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** The few types the built-in tools use; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
};

/**
 * `npm run develop`: serves /tools/… from `toolsDir` (static/tools, with face-api's files that
 * scripts/copy-vendor.mjs puts in drowsiness/vendor) by the rules the production server applies
 * to the built site: a URL ending in "/" redirects (301) to the same URL without it; a folder
 * answers with its index.html; files are revalidated on every request; dot-files are not served.
 * Gatsby's dev server would instead add a trailing slash and knows nothing of the vendor files.
 * Anything not found goes on to Gatsby (its 404 page).
 */
export function serveTools(toolsDir: string, mount = '/tools') {
  const root = path.resolve(toolsDir);
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const url = request.url ?? '/';
    const rawPath = url.split('?')[0] ?? '/';
    if (rawPath !== mount && !rawPath.startsWith(`${mount}/`)) return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return next();
    }
    if (decoded.includes('\0') || /\/\./.test(decoded)) return next();
    if (decoded.length > 1 && decoded.endsWith('/')) {
      const target = rawPath.replace(/\/+$/, '') + url.slice(rawPath.length);
      // "//host" would leave the site; only same-site paths are redirected to.
      if (!/^\/(?![/\\])/.test(target)) return next();
      response.writeHead(301, { location: target });
      response.end();
      return;
    }
    const relative = decoded.slice(mount.length);
    for (const candidate of [relative, path.join(relative, 'index.html')]) {
      const file = path.join(root, candidate);
      if (file !== root && !file.startsWith(root + path.sep)) continue;
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        continue;
      }
      if (!stat.isFile()) continue;
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-length': stat.size,
        'cache-control': 'public, max-age=0, must-revalidate',
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      fs.createReadStream(file).pipe(response);
      return;
    }
    next();
  };
}
