import fp from 'fastify-plugin';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import { createSigner, createVerifier } from 'fast-jwt';
import { forbidden, unauthorized } from '../lib/http-error';
import { changesState, foreignOrigin, originVerdict } from '../lib/request-origin';
import { findSession, startSession } from '../services/sessions';

export type Role = 'admin' | 'editor';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
}

/** The browser session cookie. Page script cannot read it (HttpOnly). */
export const SESSION_COOKIE = 'aw_session';
/**
 * A hint beside the session cookie, readable by page script and sent with page requests: a
 * member of staff may be signed in, so prebuilt pages load the staff menu (which asks the server).
 * It grants nothing: every staff call is checked against the session.
 */
export const STAFF_HINT_COOKIE = 'aw_staff';
/** The cookie goes only to the API: pages never need it. */
const COOKIE_PATH = '/api';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts a session for the user (one login) and returns its signed token. */
    startSession(userId: number, userAgent: string | undefined): Promise<string>;
    /** Hands the browser the session cookie for a token from startSession. */
    setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void;
    clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void;
    /** onRequest guard: 401 unless the request carries a live session. */
    authenticate: Guard;
    /** onRequest guard factory: 401 without a live session, 403 for a role not listed. */
    requireRole(...roles: Role[]): Guard;
    /** The user of a live session, or null (never an error): for public routes that show admins more. */
    optionalUser(request: FastifyRequest): Promise<AuthUser | null>;
    /** Every route behind a guard, as registered (the tests sweep them). */
    protectedRoutes: Array<{ method: string; url: string }>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The session the request was made in, once a guard has checked it. */
    sessionId: string | null;
  }
}

export interface AuthOptions {
  secret: string;
  ttlSeconds: number;
}

const ALGORITHM = 'HS256';
const ENDED = 'Your session has ended. Please log in again.';
const INVALID = 'Your session is invalid or has expired. Please log in again.';

interface TokenClaims {
  sub: string;
  sid: string;
  exp: number;
}

/** Hooks that run after Fastify has read the body; a session check there would come too late. */
const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;

function hookList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

/**
 * Sessions for browsers and API clients. Each login is a session row; its token is an HS256 JWT
 * carrying `sub` (the account), `sid` (the session) and `exp`, and is refused without any of
 * them. Browsers get it in an HttpOnly, SameSite=Strict cookie; API clients send it as
 * `Authorization: Bearer`. A request authenticated by the cookie that would change something must
 * come from this site's own pages (Origin / Sec-Fetch-Site), so another page cannot ride on it.
 */
export default fp(
  async function auth(app: FastifyInstance, opts: AuthOptions) {
    const { config } = app;
    await app.register(cookie);

    const sign = createSigner({
      key: opts.secret,
      algorithm: ALGORITHM,
      expiresIn: opts.ttlSeconds * 1000,
    });
    const verify = createVerifier({
      key: opts.secret,
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'sub', 'sid'],
      cache: false,
    });

    app.decorate('startSession', async (userId: number, userAgent: string | undefined) => {
      const session = await startSession(app.db, userId, userAgent, opts.ttlSeconds);
      return sign({ sub: String(userId), sid: session.id });
    });

    const cookieOptions = (request: FastifyRequest) => ({
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict' as const,
      // request.protocol reads X-Forwarded-Proto only from a proxy that TRUST_PROXY trusts.
      secure: config.publicUrl.startsWith('https:') || request.protocol === 'https',
    });
    const hintCookieOptions = (request: FastifyRequest) => ({
      ...cookieOptions(request),
      path: '/',
      httpOnly: false,
      sameSite: 'lax' as const,
    });
    app.decorate(
      'setSessionCookie',
      (request: FastifyRequest, reply: FastifyReply, token: string) => {
        reply.setCookie(SESSION_COOKIE, token, {
          ...cookieOptions(request),
          maxAge: opts.ttlSeconds,
        });
        reply.setCookie(STAFF_HINT_COOKIE, '1', {
          ...hintCookieOptions(request),
          maxAge: opts.ttlSeconds,
        });
      },
    );
    app.decorate('clearSessionCookie', (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
      reply.clearCookie(STAFF_HINT_COOKIE, hintCookieOptions(request));
    });

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    /** The token the request carries: an Authorization header wins over the cookie. */
    function credential(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } {
      const header = request.headers.authorization;
      if (header !== undefined) {
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        if (!match?.[1]) throw unauthorized();
        return { token: match[1], via: 'bearer' };
      }
      const fromCookie = request.cookies[SESSION_COOKIE];
      if (!fromCookie) throw unauthorized();
      return { token: fromCookie, via: 'cookie' };
    }

    /** Requests whose answer depends on a session: whatever it says, no cache may keep it. */
    const sessionChecked = new WeakSet<FastifyRequest>();

    async function resolve(request: FastifyRequest): Promise<AuthUser> {
      sessionChecked.add(request);
      const { token, via } = credential(request);
      // A browser attaches the cookie to requests that other pages start; only our own may change things.
      if (
        via === 'cookie' &&
        changesState(request.method) &&
        originVerdict(request, config) !== 'own'
      )
        throw foreignOrigin();
      let claims: TokenClaims;
      try {
        claims = verify(token) as TokenClaims;
      } catch {
        throw unauthorized(INVALID);
      }
      const userId = Number(claims.sub);
      if (!/^[1-9]\d*$/.test(String(claims.sub)) || typeof claims.sid !== 'string')
        throw unauthorized(INVALID);
      const session = await findSession(app.db, claims.sid, userId);
      if (!session) throw unauthorized(ENDED);
      request.sessionId = session.sessionId;
      return { id: session.id, username: session.username, role: session.role };
    }

    const guards = new WeakSet<object>();
    const guard = (check: Guard): Guard => {
      guards.add(check);
      return check;
    };

    app.decorate(
      'authenticate',
      guard(async (request: FastifyRequest) => {
        request.user = await resolve(request);
      }),
    );

    app.decorate('requireRole', (...roles: Role[]) =>
      guard(async (request: FastifyRequest) => {
        request.user = await resolve(request);
        if (!roles.includes(request.user.role)) throw forbidden();
      }),
    );

    app.decorate('optionalUser', async (request: FastifyRequest) => {
      if (request.headers.authorization === undefined && !request.cookies[SESSION_COOKIE])
        return null;
      try {
        return await resolve(request);
      } catch {
        return null;
      }
    });

    // Every answer given on a session, or refused for the want of one, is for that caller only:
    // neither the browser nor anything between may store it. One hook for every guarded route
    // and every public route that shows a signed-in caller more.
    app.addHook('onSend', async (request, reply, payload) => {
      if (sessionChecked.has(request)) reply.header('cache-control', 'no-store');
      // A session check that found none: the staff hint is stale, so pages stop loading the menu.
      if (
        sessionChecked.has(request) &&
        reply.statusCode === 401 &&
        request.cookies[STAFF_HINT_COOKIE]
      ) {
        reply.clearCookie(STAFF_HINT_COOKIE, hintCookieOptions(request));
      }
      return payload;
    });

    // The session is checked before the body is read or validated, on every protected route, so
    // an anonymous caller learns nothing about what a route accepts (and costs no body parsing).
    const protectedRoutes: Array<{ method: string; url: string }> = [];
    app.decorate('protectedRoutes', protectedRoutes);
    app.addHook('onRoute', (route: RouteOptions) => {
      const late = LATE_HOOKS.find((hook) =>
        hookList(route[hook]).some((fn) => guards.has(fn as object)),
      );
      if (late) {
        throw new Error(
          `${String(route.method)} ${route.url} checks the session in ${late}; use onRequest so it runs before the body is read.`,
        );
      }
      const onRequest = hookList(route.onRequest) as onRequestHookHandler[];
      if (onRequest.some((fn) => guards.has(fn))) {
        for (const method of hookList(route.method) as string[])
          if (method !== 'HEAD') protectedRoutes.push({ method, url: route.url });
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
