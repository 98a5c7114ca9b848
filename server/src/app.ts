import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SECTION_NOT_FOUND_PAGES } from '@site/contracts';
import type { Config } from './config';
import { setCompanyContentDir } from './services/site-facts';
import type { Db } from './db/connect';
import authPlugin, { SESSION_COOKIE } from './plugins/auth';
import dbPlugin from './plugins/db';
import errorsPlugin, { clientErrorHandler, FRAMEWORK_ERRORS } from './plugins/errors';
import gracefulClose from './plugins/graceful-close';
import staticSite, { type DrawPage, isApiPath, SiteHandle } from './plugins/static-site';
import giveawayRoutes from './routes/v1/giveaways';
import healthRoutes from './routes/v1/health';
import { loadJwtSecret } from './lib/jwt-secret';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import compilerPlugin from './plugins/compiler';
import mailPlugin from './plugins/mail';
import mailLimitsPlugin from './plugins/mail-limits';
import retentionPlugin from './plugins/retention';
import instagramRefreshPlugin from './plugins/instagram-refresh';
import instagramRoutes from './routes/v1/instagram';
import publisherPlugin from './plugins/publisher';
import publishSchedulerPlugin from './plugins/publish-scheduler';
import redisPlugin from './plugins/redis';
import securityPlugin from './plugins/security';
import { strictValidatorCompiler } from './lib/strict-validator';
import {
  documentPath,
  operationId,
  SESSION_SECURITY,
  withoutValidatorKeywords,
} from './lib/openapi';
import authRoutes from './routes/v1/auth';
import contactRoutes from './routes/v1/contact';
import draftRoutes from './routes/v1/drafts';
import publishJobRoutes from './routes/v1/drafts/jobs';
import postRoutes from './routes/v1/posts';
import blogChangeRoutes from './routes/v1/blog-changes';
import { DrawnPages, FEED_FILE, SITEMAP_FILE } from './services/publish/drawn-pages';

/** The data addresses of the blog's request-time slots (contracts/src/request-slots.ts). */
const BLOG_CHANGES_ADDRESS = '/api/v1/blog-changes/';
import newsletterRoutes from './routes/v1/newsletter';
import mailStatusRoutes from './routes/v1/mail';
import outboxRoutes from './routes/v1/outbox';
import personalDataRoutes from './routes/v1/personal-data';
import staffRoutes from './routes/v1/staff';
import newsletterIssueRoutes from './routes/v1/newsletter-issues';
import newsletterSenderPlugin from './plugins/newsletter-sender';
import imagesPlugin from './plugins/images';
import postMediaPlugin from './plugins/post-media';
import imageRoutes from './routes/v1/images';
import giveawayCheckForm from './routes/site/giveaway-check';
import giveawayEntryForm, { servedStateFor } from './routes/site/giveaway-entry';
import { mailedLinkStateFor } from './routes/site/mailed-links';
import { DEFAULT_CACHE_SIZE, RequestRender } from './lib/request-render';
import {
  changeOfRequest,
  pageVersion,
  recordGiveawayChange,
  scopeOfAddress,
} from './services/giveaways/page-versions';

export interface BuildOptions {
  config: Config;
  connection: Db;
  /** Where log lines go (default stdout); tests read them to prove nothing secret is logged. */
  logStream?: { write(line: string): void };
  /** The clock scheduled publishing reads (default the real one); tests move time with it. */
  clock?: () => Date;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

const BODY_LIMIT = 64 * 1024;

/**
 * On close (SIGTERM), how long connections get to end after their next answer before the idle
 * ones are closed; well inside the 10 s the shutdown is given.
 */
const SHUTDOWN_DRAIN_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Where the built site is served from; publishing re-points it after a rebuild. */
    site: SiteHandle;
  }
}

/** Log fields that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.email',
  'body.token',
  'body.fb_exchange_token',
  'req.body.token',
  'password',
  'email',
  'access_token',
  'current_password',
  'new_password',
  'token',
];

/** Query parameters whose values are secrets (one-time links) and must not reach the request log. */
const SECRET_QUERY = /([?&](?:token)=)[^&#]*/gi;

/** Builds the whole server (API + built site) without listening. */
export async function buildApp({
  config,
  connection,
  logStream,
  clock,
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.replace(SECRET_QUERY, '$1[redacted]'),
          remoteAddress: req.ip,
        }),
      },
    },
    bodyLimit: BODY_LIMIT,
    // A client that sends slowly holds a connection and its memory; none may do so for long.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.connectionMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // Node checks the two timeouts above on this interval (30 s by default, which would let a
      // slow client overstay by that much).
      connectionsCheckingInterval: Math.min(1_000, config.timeouts.headersMs),
    },
    // Errors Node finds on a connection (a request too slow to arrive: 408) answer with a detail.
    clientErrorHandler,
    // Closing is gracefulClose's: its 503 carries a detail, and it drains connections first.
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Errors raised before routing (bad URL, bad content type) still answer with a detail.
    frameworkErrors: (error, _request, reply) => {
      const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      const status =
        known?.status ?? (error.statusCode && error.statusCode < 500 ? error.statusCode : 400);
      const detail = known?.detail ?? 'The request could not be understood.';
      void (reply as FastifyReply).code(status).send({ detail });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  // Giveaway rules and mail name the company as content/company.yaml writes it.
  setCompanyContentDir(config.contentDir);
  app.decorate('site', new SiteHandle());
  await app.register(errorsPlugin);
  await app.register(gracefulClose, { drainMs: SHUTDOWN_DRAIN_MS });
  await app.register(redisPlugin);
  await app.register(securityPlugin);
  await app.register(dbPlugin, { connection });
  await app.register(authPlugin, {
    secret: loadJwtSecret(config.jwtSecret, config.dataDir),
    ttlSeconds: config.jwtTtlSeconds,
  });
  await app.register(mailPlugin);
  await app.register(mailLimitsPlugin);
  await app.register(retentionPlugin);
  await app.register(instagramRefreshPlugin, { clock });
  await app.register(compilerPlugin);
  await app.register(publisherPlugin);
  await app.register(publishSchedulerPlugin, { clock });
  await app.register(newsletterSenderPlugin);
  await app.register(imagesPlugin);
  await app.register(postMediaPlugin);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'AgentWorks API',
        version: '1',
        description: 'Every error is JSON {"detail": "…"}: a sentence a person can act on.',
      },
      servers: [{ url: '/api/v1' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session a browser gets at login (HttpOnly, SameSite=Strict).',
          },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    hideUntagged: true,
    // Paths are relative to the /api/v1 server entry above. An operation behind a session guard
    // lists the two ways to carry the session; every other one says it needs none.
    transform: ({ schema, url, route }) => {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
      const path = documentPath(url);
      // A plugin's root route is registered with and without its trailing slash.
      const guarded = app.protectedRoutes.some(
        (entry) => documentPath(entry.url) === path && methods.includes(entry.method),
      );
      return {
        schema: {
          ...schema,
          operationId: operationId(methods[0] ?? 'GET', path),
          security: guarded ? SESSION_SECURITY : [],
        },
        url: path,
      };
    },
    transformObject: (document) =>
      withoutValidatorKeywords(
        'openapiObject' in document ? document.openapiObject : document.swaggerObject,
      ),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  // Posts published, updated or taken down after the served build, drawn at request time until
  // their build is switched in (services/publish/drawn-posts.ts), in every process alike.
  const drawnPages = new DrawnPages({
    db: app.db,
    servedDir: () => app.site.serving ?? config.siteDir,
    compile: (body) => app.compiler.compile(body),
  });

  await app.register(
    async (api) => {
      // One validator for every route: strict JSON types, one table of messages.
      api.setValidatorCompiler(strictValidatorCompiler);
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(contactRoutes, { prefix: '/contact' });
      await api.register(newsletterRoutes, { prefix: '/newsletter' });
      await api.register(newsletterIssueRoutes, { prefix: '/newsletter/issues' });
      await api.register(mailStatusRoutes);
      await api.register(outboxRoutes, { prefix: '/outbox' });
      await api.register(personalDataRoutes, { prefix: '/personal-data' });
      await api.register(draftRoutes, { prefix: '/drafts' });
      await api.register(publishJobRoutes, { prefix: '/publish-jobs' });
      await api.register(postRoutes, { prefix: '/posts' });
      await api.register(blogChangeRoutes, { prefix: '/blog-changes', drawnPages });
      await api.register(staffRoutes, { prefix: '/staff' });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(giveawayRoutes);
      await api.register(imageRoutes, { prefix: '/images' });
      await api.register(instagramRoutes, { prefix: '/instagram', clock });
    },
    { prefix: '/api/v1' },
  );

  // /giveaway's list and each /giveaway/{id} arrive drawn (lib/request-render.ts). It is drawn from the public API as a
  // visitor with no session sees it, and drawn again when the giveaway's change counter in the
  // database has moved (services/giveaways/page-versions.ts), whichever process changed it.
  const requestRender = new RequestRender(
    async (url) => {
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      if (answer.statusCode === 200) return answer.json() as unknown;
      // Nothing there (a giveaway id that does not exist, or an invalid one): served as built.
      if (answer.statusCode === 404 || answer.statusCode === 400) return null;
      throw new Error(`the API answered ${answer.statusCode}`);
    },
    app.log,
    Date.now,
    DEFAULT_CACHE_SIZE,
    async (address) => {
      // The blog's drawn pages follow the set of changes the served build lacks.
      if (address.startsWith(BLOG_CHANGES_ADDRESS)) return drawnPages.version();
      const scope = scopeOfAddress(address);
      return scope === null ? null : pageVersion(app.db, scope);
    },
  );
  // A change to a giveaway raises its counter before its answer leaves, so no process serves the
  // page as it was once the change has been answered.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const change = changeOfRequest(request.method, request.routeOptions.url, request.params);
    if (change === null) return payload;
    try {
      await recordGiveawayChange(app.db, change);
    } catch (error) {
      request.log.error({ err: error }, 'could not record a change to the giveaway pages');
    }
    return payload;
  });

  // The giveaway's entry form sent as a page (no script): it enters, then the page is drawn with
  // the entry recorded, or with the form's values and messages (routes/site/giveaway-entry.ts).
  let drawPage: DrawPage | null = null;
  await app.register(async (site) => {
    await site.register(giveawayEntryForm, { drawPage: () => drawPage });
    // "Was I in the draw?" sent as a page: answered with the page drawn with the answer.
    await site.register(giveawayCheckForm, { drawPage: () => drawPage });
    const mailedLinkState = mailedLinkStateFor(app);
    const servedState = servedStateFor(config.publicUrl);
    await site.register(staticSite, {
      requestRender,
      requestExtra: async (request: FastifyRequest, urlPath: string) =>
        (await mailedLinkState(request, urlPath)) ?? servedState(request, urlPath),
      onDrawPage: (draw) => {
        drawPage = draw;
      },
      siteDir: config.siteDir,
      // Built by plugins/blog (src/features/blog/lib/not-found.ts): "Post Not Found".
      notFoundPages: SECTION_NOT_FOUND_PAGES,
      // The feed and the sitemap with the posts changed after the served build.
      drawnFile: async (urlPath) => {
        if (urlPath === `/${FEED_FILE}`) {
          const body = await drawnPages.feed();
          return body === null ? null : { body, type: 'application/xml' };
        }
        if (urlPath === `/${SITEMAP_FILE}`) {
          const body = await drawnPages.sitemap();
          return body === null ? null : { body, type: 'application/xml' };
        }
        return null;
      },
      handle: app.site,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const detail = isApiPath(pathname)
      ? `No API endpoint matches ${request.method} ${pathname}.`
      : `Nothing is served at ${request.method} ${pathname}.`;
    return reply.code(404).send({ detail });
  });

  return app;
}
