import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import { HttpError } from '../lib/http-error';

/**
 * The policy the built site runs under. Gatsby inlines a few small scripts per page (page path,
 * chunk mapping, image loading); instead of allowing every inline script, each HTML response gets
 * the SHA-256 of exactly the inline scripts it carries (see `hashInlineScripts`). Styles stay
 * `'unsafe-inline'`: styled-components writes <style> tags and style attributes at run time.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Prize images are URLs an admin pastes (any http(s) host); images cannot run code.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** CSP hash sources for every inline (no `src`) script in an HTML document. */
export function hashInlineScripts(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function tooManyRequests(seconds: number): string {
  const wait =
    seconds <= 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many requests from your address. Please wait ${wait} and try again.`;
}

/**
 * Security headers, CORS, rate limiting, compression and form bodies. Register before any route:
 * rate limits and CORS hook into routes as they are added.
 */
export default fp(
  async function security(app: FastifyInstance) {
    const { config } = app;

    // Helmet's middleware is built once, here. @fastify/helmet builds it anew on every request
    // (parsing the whole policy): about 30 µs of CPU per request against 6 µs for a prebuilt one,
    // on a route (GET /health) that takes about 50 µs in all. The headers sent are the same.
    const securityHeaders = helmet({
      contentSecurityPolicy: { directives: CSP_DIRECTIVES },
      // The site loads only same-origin resources; COEP would break nothing but buys nothing either.
      crossOriginEmbedderPolicy: false,
      // Same-origin requests keep their Referer (the newsletter records the page it was signed up on).
      referrerPolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (error?: unknown) =>
        error ? done(error as Error) : done(),
      );
    });

    // Runs before compression (registered below), so it still sees the plain HTML.
    app.addHook('onSend', async (_request, reply, payload) => {
      // Browsers copy a 304's headers onto the cached page; a policy without that page's hashes
      // would then block its inline scripts. The cached copy already has the right policy.
      if (reply.statusCode === 304) {
        reply.removeHeader('content-security-policy');
        return payload;
      }
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.startsWith('text/html') || payload === null || payload === undefined)
        return payload;
      let html: string;
      if (typeof payload === 'string') html = payload;
      else if (Buffer.isBuffer(payload)) html = payload.toString('utf8');
      else if (payload instanceof Readable) html = await readAll(payload);
      else return payload;
      const hashes = hashInlineScripts(html);
      const policy = reply.getHeader('content-security-policy');
      if (hashes.length > 0 && typeof policy === 'string') {
        reply.header(
          'content-security-policy',
          policy.replace(/script-src 'self'/, `script-src 'self' ${hashes.join(' ')}`),
        );
      }
      return html;
    });

    // Without CORS_ORIGINS no CORS headers are sent at all: browsers then allow same origin only.
    if (config.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: config.corsOrigins,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Content-Type', 'Authorization'],
        exposedHeaders: ['Retry-After'],
        credentials: false,
        maxAge: 600,
      });
    }

    if (config.rateLimits) {
      await app.register(rateLimit, {
        global: false,
        errorResponseBuilder: (_request, context) =>
          new HttpError(429, tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000)))),
      });
    } else {
      app.log.warn(
        'RATE_LIMITS=off: per-address rate limits are disabled (meant for load tests on loopback only)',
      );
    }

    await app.register(compress, { global: true, threshold: 1024 });
    await app.register(formbody, { bodyLimit: 64 * 1024 });
  },
  { name: 'security' },
);
