import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import { countingSecret, rateLimitKey } from '../lib/client-key';
import { HttpError } from '../lib/http-error';
import { changesState, foreignOrigin, originVerdict } from '../lib/request-origin';

/**
 * The policy the built site runs under. Gatsby inlines a few scripts per page (page path,
 * chunk map, plugin snippets); instead of allowing every inline script, each page is sent with the
 * SHA-256 of exactly its own inline scripts, computed by the build (plugins/site-adapter/csp.ts,
 * kept in the build's site-manifest.json) and added by the static-site plugin, never taken from
 * the page at request time. Styles stay
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

/** The media type of a Content-Type header, lower case and without parameters; null if none. */
function mediaType(header: string | undefined): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

const JSON_ONLY = ['application/json'];

/** The body types a route reads: its schema's `consumes` (as the API document lists them), else JSON. */
function acceptedTypes(request: FastifyRequest): string[] {
  const consumes = request.routeOptions.schema?.consumes;
  return consumes && consumes.length > 0 ? consumes.map((type) => type.toLowerCase()) : JSON_ONLY;
}

function unsupportedType(accepted: string[]): string {
  return `This endpoint accepts ${accepted.join(' or ')} only.`;
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

    // Browsers copy a 304's headers onto the cached page; a policy without that page's hashes
    // would then block its inline scripts. The cached copy already has the right policy.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 304) reply.removeHeader('content-security-policy');
      return payload;
    });

    // A page on another site may post a form or a simple request here without asking; whatever it
    // carries, nothing changes unless the browser says the request comes from this site or from
    // an origin CORS_ORIGINS lists. Clients that are not browsers send no Origin and pass. The rule
    // holds for every request that may change something, whatever its path: the router decodes
    // and matches paths its own way (`/%61pi/…` is `/api/…`), so no spelling of a path skips it.
    app.addHook('onRequest', async (request) => {
      if (changesState(request.method) && originVerdict(request, config) === 'foreign')
        throw foreignOrigin();
    });

    // A body is read only in a type its route declares (`consumes` in its schema; JSON when it
    // declares none): a form on another page cannot post to a route that documents no form.
    // Checked after the route's session guard, so an anonymous caller still learns nothing.
    app.addHook('preParsing', async (request, _reply, payload) => {
      const type = mediaType(request.headers['content-type']);
      if (type === null || !changesState(request.method) || request.is404) return payload;
      const accepted = acceptedTypes(request);
      if (!accepted.includes(type)) throw new HttpError(415, unsupportedType(accepted));
      return payload;
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
