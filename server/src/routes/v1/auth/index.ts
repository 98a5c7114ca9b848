import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordRequestSchema,
  ErrorResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
} from '@site/contracts';
import { HttpError, badRequest, unauthorized } from '../../../lib/http-error';
import { AccountError, revokeTokens, setPassword } from '../../../services/accounts';
import { LoginThrottle } from '../../../services/login-throttle';
import { dummyHash, verifyPassword } from '../../../services/passwords';

const INVALID_LOGIN = 'Invalid username or password.';
const bearer = [{ bearerAuth: [] }];

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const throttle = new LoginThrottle({
    perAccount: config.loginLockout.perAccount,
    perAddress: config.loginLockout.perAddress,
    windowMs: config.loginLockout.windowMs,
    perAddressEnabled: config.rateLimits,
  });
  // Computed before the first login so that one does not take longer than the rest.
  await dummyHash();

  function refuseIfLocked(username: string, address: string) {
    const wait = throttle.retryAfter(username, address);
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new HttpError(
        429,
        `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        { 'retry-after': String(wait) },
      );
    }
  }

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with username and password (form-encoded or JSON)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginRequestSchema,
        response: {
          200: LoginResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
      config: { rateLimit: config.limits.login },
    },
    async (request) => {
      const { username, password } = request.body;
      refuseIfLocked(username, request.ip);
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'password_hash', 'token_version'])
        .where('username', '=', username)
        .executeTakeFirst();
      // Always one argon2 verification, so an unknown user costs the same time as a wrong password.
      const valid = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !valid) {
        throttle.recordFailure(username, request.ip);
        throw unauthorized(INVALID_LOGIN);
      }
      throttle.recordSuccess(username);
      return {
        access_token: app.signToken(user),
        token_type: 'bearer' as const,
        expires_in: config.jwtTtlSeconds,
      };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke every token of the current user',
        security: bearer,
        response: { 200: MessageResponseSchema, 401: ErrorResponseSchema },
      },
      preValidation: app.authenticate,
    },
    async (request) => {
      // authenticate guarantees the user.
      await revokeTokens(app.db, request.user!.id);
      return { message: 'You are logged out.' };
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current user',
        security: bearer,
        response: { 200: MeResponseSchema, 401: ErrorResponseSchema },
      },
      preValidation: app.authenticate,
    },
    async (request) => ({ username: request.user!.username, role: request.user!.role }),
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change your password; earlier tokens stop working and a new one is returned',
        security: bearer,
        body: ChangePasswordRequestSchema,
        response: {
          200: LoginResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
      preValidation: app.authenticate,
      config: { rateLimit: config.limits.login },
    },
    async (request) => {
      const { username } = request.user!;
      refuseIfLocked(username, request.ip);
      const row = await app.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(row.password_hash, request.body.current_password))) {
        throttle.recordFailure(username, request.ip);
        throw badRequest('Your current password is not correct.');
      }
      try {
        const updated = await setPassword(app.db, username, request.body.new_password);
        if (!updated) throw unauthorized('Your session has ended. Please log in again.');
        return {
          access_token: app.signToken(updated),
          token_type: 'bearer' as const,
          expires_in: config.jwtTtlSeconds,
        };
      } catch (error) {
        if (error instanceof AccountError) throw badRequest(error.message);
        throw error;
      }
    },
  );
};

export default auth;
