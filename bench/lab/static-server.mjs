// A small static file server for a built site that is not ours (bench/lab/peer.mjs serves the plain
// Gatsby blog with it), compressing the way our server does so both sites travel alike:
//   - a script or stylesheet with a `.br` twin (written at Brotli quality 11 by
//     plugins/precompress/precompress.ts, which bench/lab/peer.mjs runs on the other site's public/ too)
//     is sent as that twin to a browser that accepts Brotli;
//   - any other text response of at least 1,024 bytes is compressed per response with Brotli at
//     quality 4 (the defaults of @fastify/compress, which our server uses: threshold 1,024, Brotli
//     quality 4), else gzip, else sent as is;
//   - the file lookup, media types, Brotli twins and cache headers are our server's own rules
//     (contracts/src/static-rules.ts), with the site's manifest when it has one.
// It listens on 127.0.0.1 only and serves nothing outside the given folder.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
// Built by scripts/build-if-stale.mjs server, which bench/peer.mjs runs first.
import {
  brotliTwin,
  cacheControlFor,
  contentTypeFor,
  decodeUrlPath,
  NOT_FOUND_CACHE_CONTROL,
  readSiteManifest,
  siteFileFor,
} from '../../contracts/dist/static-rules.js';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg)/;
const THRESHOLD = 1024;

/** The file that answers `urlPath`, found by the same rule as our server's (absolute path). */
function fileFor(root, urlPath) {
  const relative = siteFileFor(root, urlPath);
  return relative === null ? null : path.join(root, relative);
}

/** Serves `dir` on 127.0.0.1:`port`; resolves with `{ close }` once listening. */
export function serveStatic(dir, port) {
  const root = path.resolve(dir);
  const manifest = readSiteManifest(root);
  const server = http.createServer((request, response) => {
    const urlPath = decodeUrlPath((request.url ?? '/').split('?')[0]);
    if (urlPath === null) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'The request URL is malformed.' }));
      return;
    }
    let status = 200;
    let file = fileFor(root, urlPath);
    if (!file) {
      status = 404;
      file = fileFor(root, '/404.html');
      if (!file) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Not found');
        return;
      }
    }
    const type = contentTypeFor(file);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const relative = path.relative(root, file).split(path.sep).join('/');
    const headers = {
      'content-type': type,
      'cache-control':
        status === 200 ? cacheControlFor(relative, manifest) : NOT_FOUND_CACHE_CONTROL,
      vary: 'Accept-Encoding',
    };
    const twin = brotliTwin(file, accepts);
    if (twin) {
      response.writeHead(status, { ...headers, 'content-encoding': 'br' });
      fs.createReadStream(twin).pipe(response);
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
