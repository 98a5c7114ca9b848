import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordRequestSchema,
  ErrorResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  SessionListResponseSchema,
} from '@site/contracts';
import { clientKey, countingSecret, keyedDigest } from '../../../lib/client-key';
import { HttpError, badRequest, unauthorized } from '../../../lib/http-error';
import {
  AccountError,
  accountEmail,
  findLoginAccount,
  knownLoginAddress,
  passwordHashOf,
  recordLogin,
  rememberLoginAddress,
  setPassword,
} from '../../../services/accounts';
import { LoginThrottle } from '../../../services/login-throttle';
import { dummyHash, verifyPassword } from '../../../services/passwords';
import { endAllSessions, endSession, listSessions } from '../../../services/sessions';

const INVALID_LOGIN = 'Invalid username or password.';

/** The answers of a request that starts a session (logging in, changing the password). */
const sessionStarted = {
  200: LoginResponseSchema,
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const digest = keyedDigest(countingSecret(config));
  const throttle = new LoginThrottle(app.counters, {
    ...config.loginLockout,
    perAddressEnabled: config.rateLimits,
    digest,
  });

  /** Has this account logged in from this network before (IPv6: its /64)? */
  const knownAddress = (userId: number, address: string) =>
    knownLoginAddress(app.db, userId, digest('login-address', address));

  /**
   * Tells the account's owner (its own address, and OWNER_EMAIL) that its password is being
   * guessed from many addresses; once per window. Without either address the mail is kept in
   * the outbox, which admins read.
   */
  async function alertOwner(user: { username: string; email: string | null }): Promise<void> {
    const minutes = Math.round(config.loginLockout.windowMs / 60_000);
    const recipients = [
      ...new Set([user.email, config.ownerEmail].filter((to): to is string => !!to)),
    ];
    const message = {
      subject: `Password guessing on the account "${user.username}"`,
      text: [
        `The account "${user.username}" has had ${config.loginLockout.perAccount} failed logins within ${minutes} minutes, from one or more addresses.`,
        '',
        `Until the failures stop for ${minutes} minutes, only networks that have logged in to this account before may try it; everyone else is asked to wait. The right password from a network the account has used still works.`,
        '',
        'If this was not you, make sure the password is long and used nowhere else, and change it at /account (every other session ends).',
      ].join('\n'),
    };
    for (const to of recipients.length > 0 ? recipients : [null]) {
      await app.mailer.send({ to, ...message });
    }
  }
  // Computed before the first login so that one does not take longer than the rest.
  await dummyHash();

  /**
   * Runs a throttle step. When the shared counters cannot be reached, logging in waits rather
   * than go on uncounted.
   */
  async function counted<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      app.log.error({ err: error }, 'login failure counters unavailable');
      throw new HttpError(
        503,
        'Logging in is unavailable for a moment. Please try again in a minute.',
        { 'retry-after': '60' },
      );
    }
  }

  function tooManyFailures(wait: number): HttpError {
    const when =
      wait < 60
        ? `${wait} second${wait === 1 ? '' : 's'}`
        : `${Math.ceil(wait / 60)} minute${Math.ceil(wait / 60) === 1 ? '' : 's'}`;
    return new HttpError(
      429,
      `Too many failed login attempts. Please wait ${when} and try again.`,
      {
        'retry-after': String(wait),
      },
    );
  }

  async function refuseIfHeld(username: string, address: string) {
    const wait = await counted(() => throttle.retryAfter(username, address));
    if (wait > 0) throw tooManyFailures(wait);
  }

  /** A new session for the user: the cookie for browsers, the token in the answer for API clients. */
  async function answerWithSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const token = await app.startSession(userId, request.headers['user-agent']);
    app.setSessionCookie(request, reply, token);
    // Nothing about a login may be cached on the way back.
    reply.header('cache-control', 'no-store');
    return { access_token: token, token_type: 'bearer' as const, expires_in: config.jwtTtlSeconds };
  }

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with username and password (form-encoded or JSON); starts a session',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginRequestSchema,
        response: sessionStarted,
      },
      config: { rateLimit: config.limits.login },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // IPv6 clients count by their /64: one host usually holds all of it.
      const address = clientKey(request.ip);
      await refuseIfHeld(username, address);
      // Usernames are one name whatever their letter case, so logging in ignores it too.
      const user = await findLoginAccount(app.db, username);
      // An account over its ceiling of failures across addresses is tried only from networks
      // it has logged in from; unknown names are held alike, so this reveals nothing.
      const accountWait = await counted(() => throttle.accountRetryAfter(username));
      if (accountWait > 0 && !(user && (await knownAddress(user.id, address)))) {
        throw tooManyFailures(accountWait);
      }
      // Always one argon2 verification, so an unknown user costs the same time as a wrong password.
      const valid = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !valid) {
        const { alert } = await counted(() => throttle.recordFailure(username, address));
        if (alert && user) {
          alertOwner(user).catch((error: unknown) =>
            app.log.error({ err: error }, 'could not send the password-guessing alert'),
          );
        }
        throw unauthorized(INVALID_LOGIN);
      }
      await counted(() => throttle.recordSuccess(username, address));
      await rememberLoginAddress(app.db, user.id, digest('login-address', address));
      await recordLogin(app.db, user.id);
      return answerWithSession(request, reply, user.id);
    },
  );

  /** A signed-in user's action on their own sessions, answered with a message. */
  const signedInAction = (summary: string) => ({
    schema: {
      tags: ['auth'],
      summary,
      response: {
        200: MessageResponseSchema,
        401: ErrorResponseSchema,
        403: ErrorResponseSchema,
      },
    },
    onRequest: app.authenticate,
  });

  app.post(
    '/logout',
    signedInAction('End the current session (other devices stay logged in)'),
    async (request, reply) => {
      // authenticate guarantees the session.
      await endSession(app.db, request.sessionId!);
      app.clearSessionCookie(request, reply);
      return { message: 'You are logged out.' };
    },
  );

  app.post(
    '/logout-all',
    signedInAction('End every session of your account, on every device'),
    async (request, reply) => {
      const ended = await endAllSessions(app.db, request.user!.id);
      app.clearSessionCookie(request, reply);
      return {
        message: `You are logged out everywhere (${ended} session${ended === 1 ? '' : 's'} ended).`,
      };
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current user',
        response: { 200: MeResponseSchema, 401: ErrorResponseSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const user = request.user!;
      const email = await accountEmail(app.db, user.id);
      return { username: user.username, role: user.role, ...(email ? { email } : {}) };
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Your live sessions, most recently used first',
        response: { 200: SessionListResponseSchema, 401: ErrorResponseSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listSessions(app.db, request.user!.id);
      return { items: rows.map((row) => ({ ...row, current: row.id === request.sessionId })) };
    },
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change your password; every session ends and a new one starts for you',
        body: ChangePasswordRequestSchema,
        response: sessionStarted,
      },
      onRequest: app.authenticate,
      config: { rateLimit: config.limits.login },
    },
    async (request, reply) => {
      const { username } = request.user!;
      const address = clientKey(request.ip);
      await refuseIfHeld(username, address);
      const passwordHash = await passwordHashOf(app.db, username);
      if (!(await verifyPassword(passwordHash, request.body.current_password))) {
        await counted(() => throttle.recordFailure(username, address));
        throw badRequest('Your current password is not correct.');
      }
      try {
        const updated = await setPassword(app.db, username, request.body.new_password);
        if (!updated) throw unauthorized('Your session has ended. Please log in again.');
        return await answerWithSession(request, reply, updated.id);
      } catch (error) {
        if (error instanceof AccountError) throw badRequest(error.message);
        throw error;
      }
    },
  );
};

export default auth;
