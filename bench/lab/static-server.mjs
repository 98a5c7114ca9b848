// A small static file server for a built site that is not ours (bench/lab/peer.mjs serves the plain
// Gatsby blog with it), compressing the way our server does so both sites travel alike:
//   - a script or stylesheet with a `.br` twin (written at Brotli quality 11 by
//     plugins/delivery/precompress.ts, which bench/peer.mjs runs on the other site's public/ too)
//     is sent as that twin to a browser that accepts Brotli;
//   - any other text response of at least 1,024 bytes is compressed per response with Brotli at
//     quality 4 (the defaults of @fastify/compress, which our server uses: threshold 1,024, Brotli
//     quality 4), else gzip, else sent as is;
//   - hashed assets and /static/ are cached for a year, everything else revalidated (as ours).
// It listens on 127.0.0.1 only and serves nothing outside the given folder.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
// Built by scripts/build-if-stale.mjs server, which bench/peer.mjs runs first.
import { siteFileFor } from '../../server/dist/plugins/static-site.js';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg)/;
const THRESHOLD = 1024;
const HASHED_ASSET = /[-.][0-9a-f]{16,}\.(js|css|map)$/;

/** The file that answers `urlPath`, found by the same rule as our server's (absolute path). */
function fileFor(root, urlPath) {
  const relative = siteFileFor(root, urlPath);
  return relative === null ? null : path.join(root, relative);
}

/** Serves `dir` on 127.0.0.1:`port`; resolves with `{ close }` once listening. */
export function serveStatic(dir, port) {
  const root = path.resolve(dir);
  const server = http.createServer((request, response) => {
    let urlPath;
    try {
      urlPath = decodeURIComponent((request.url ?? '/').split('?')[0]);
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'The request URL is malformed.' }));
      return;
    }
    let status = 200;
    let file = urlPath.includes('\0') ? null : fileFor(root, urlPath);
    if (!file) {
      status = 404;
      file = fileFor(root, '/404.html');
      if (!file) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Not found');
        return;
      }
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const headers = {
      'content-type': type,
      'cache-control':
        status === 200 && (urlPath.startsWith('/static/') || HASHED_ASSET.test(urlPath))
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      vary: 'Accept-Encoding',
    };
    if (/\bbr\b/.test(accepts) && fs.existsSync(`${file}.br`)) {
      response.writeHead(status, { ...headers, 'content-encoding': 'br' });
      fs.createReadStream(`${file}.br`).pipe(response);
      return;
    }
    const body = fs.readFileSync(file);
    if (COMPRESSIBLE.test(type) && body.length >= THRESHOLD) {
      if (/\bbr\b/.test(accepts)) {
        const encoded = zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
        });
        response.writeHead(status, { ...headers, 'content-encoding': 'br' });
        response.end(encoded);
        return;
      }
      if (/\bgzip\b/.test(accepts)) {
        response.writeHead(status, { ...headers, 'content-encoding': 'gzip' });
        response.end(zlib.gzipSync(body));
        return;
      }
    }
    response.writeHead(status, headers);
    response.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({ close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}
