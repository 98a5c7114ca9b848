import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import { countingSecret, rateLimitKey } from '../lib/client-key';
import { HttpError } from '../lib/http-error';
import { changesState, foreignOrigin, originVerdict } from '../lib/request-origin';
import { isApiPath } from './static-site';

/**
 * The policy the built site runs under. Gatsby inlines a few scripts per page (page path,
 * chunk map, plugin snippets); instead of allowing every inline script, each page is sent with the
 * SHA-256 of exactly its own inline scripts, computed by the build (plugins/delivery/csp.ts) and
 * added by the static-site plugin, never taken from the page at request time. Styles stay
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

    // Browsers copy a 304's headers onto the cached page; a policy without that page's hashes
    // would then block its inline scripts. The cached copy already has the right policy.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 304) reply.removeHeader('content-security-policy');
      return payload;
    });

    // A page on another site may post a form or a simple request here without asking; whatever it
    // carries, nothing changes unless the browser says the request comes from this site or from
    // an origin CORS_ORIGINS lists. Clients that are not browsers send no Origin and pass.
    app.addHook('onRequest', async (request) => {
      if (!changesState(request.method) || !isApiPath(request.url.split('?')[0] ?? '')) return;
      if (originVerdict(request, config) === 'foreign') throw foreignOrigin();
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
        keyGenerator: rateLimitKey(countingSecret(config)),
        // With Redis every process counts against the same limit; without it, each its own.
        ...(app.redis
          ? { redis: app.redis, nameSpace: `${config.redisKeyPrefix}rate:`, skipOnError: true }
          : {}),
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
  { name: 'security', dependencies: ['redis'] },
);
