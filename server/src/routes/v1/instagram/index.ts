import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConnectInstagramRequestSchema,
  ErrorResponseSchema,
  InstagramConnectionSchema,
} from '@site/contracts';
import { HttpError } from '../../../lib/http-error';
import { accountRateLimit } from '../../../lib/client-key';
import {
  type ConnectionContext,
  ConnectionError,
  connect,
  disconnect,
  getConnection,
  refreshConnection,
} from '../../../services/instagram/connection';
import { errors } from '../errors';

const connectionErrors = {
  ...errors,
  422: ErrorResponseSchema,
  502: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

function asHttp(error: unknown): never {
  if (error instanceof ConnectionError) {
    throw new HttpError(
      error.status,
      error.message,
      error.retryAfterSeconds === null ? {} : { 'retry-after': String(error.retryAfterSeconds) },
    );
  }
  throw error;
}

export interface InstagramRouteOptions {
  /** The clock the connection reads (the real one unless the app was built with another). */
  clock?: () => Date;
}

/**
 * The site's Instagram connection (admin): which account is connected and how its token stands,
 * connecting with a token, renewing it, disconnecting. The token is never answered or logged.
 */
const instagram: FastifyPluginAsyncTypebox<InstagramRouteOptions> = async (app, opts) => {
  const admin = app.requireRole('admin');
  const now = () => (opts.clock ? opts.clock() : new Date()).getTime();
  const ctx: ConnectionContext = { db: app.db, settings: app.config.instagram };
  const limit = { rateLimit: accountRateLimit(app.config.accountLimits.instagram) };

  app.get(
    '/connection',
    {
      schema: {
        tags: ['instagram'],
        summary: 'The connected Instagram account and its token’s state, never the token (admin)',
        response: { 200: InstagramConnectionSchema, ...connectionErrors },
      },
      onRequest: admin,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getConnection(ctx, now());
    },
  );

  app.put(
    '/connection',
    {
      schema: {
        tags: ['instagram'],
        summary:
          'Connect the owner’s Instagram account with an access token, checked first (admin)',
        body: ConnectInstagramRequestSchema,
        response: { 200: InstagramConnectionSchema, ...connectionErrors },
      },
      onRequest: admin,
      config: limit,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const connected = await connect(ctx, request.body, request.user!.username, now);
        request.log.info(
          { instagram: { login: connected.login, username: connected.username } },
          'Instagram account connected',
        );
        return connected;
      } catch (error) {
        return asHttp(error);
      }
    },
  );

  app.delete(
    '/connection',
    {
      schema: {
        tags: ['instagram'],
        summary: 'Disconnect the Instagram account; its stored token is deleted (admin)',
        response: { 204: { type: 'null' }, ...connectionErrors },
      },
      onRequest: admin,
      config: limit,
    },
    async (request, reply) => {
      // Disconnecting an account that is not connected leaves it so: still 204.
      if (await disconnect(ctx)) request.log.info('Instagram account disconnected');
      return reply.code(204).send();
    },
  );

  app.post(
    '/connection/refresh',
    {
      schema: {
        tags: ['instagram'],
        summary: 'Renew the stored token now, where the platform allows it (admin)',
        response: { 200: InstagramConnectionSchema, ...connectionErrors },
      },
      onRequest: admin,
      config: limit,
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return await refreshConnection(ctx, now);
      } catch (error) {
        return asHttp(error);
      }
    },
  );
};

export default instagram;
