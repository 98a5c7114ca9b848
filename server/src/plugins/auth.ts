import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSigner, createVerifier } from 'fast-jwt';
import { forbidden, unauthorized } from '../lib/http-error';

export type Role = 'admin' | 'editor';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
}

interface TokenClaims {
  sub: string;
  ver: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs an access token for a user at their current token version. */
    signToken(user: { id: number; token_version: number }): string;
    /** preHandler: 401 unless the request carries a valid, unrevoked token. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler factory: 401 without a valid token, 403 for a role not listed. */
    requireRole(...roles: Role[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface AuthOptions {
  secret: string;
  ttlSeconds: number;
}

const ALGORITHM = 'HS256';

/**
 * Bearer-token authentication. Tokens are HS256 JWTs with an expiry; the user is re-read on every
 * request so a deleted user, a changed role or a bumped token version takes effect at once.
 */
export default fp(
  async function auth(app: FastifyInstance, opts: AuthOptions) {
    const sign = createSigner({
      key: opts.secret,
      algorithm: ALGORITHM,
      expiresIn: opts.ttlSeconds * 1000,
    });
    const verify = createVerifier({ key: opts.secret, algorithms: [ALGORITHM], cache: false });

    app.decorate('signToken', (user: { id: number; token_version: number }) =>
      sign({ sub: String(user.id), ver: user.token_version }),
    );

    app.decorateRequest('user', null);

    async function resolveUser(request: FastifyRequest): Promise<AuthUser> {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized();
      let claims: TokenClaims;
      try {
        claims = verify(match[1]) as TokenClaims;
      } catch {
        throw unauthorized('Your session is invalid or has expired. Please log in again.');
      }
      const id = Number(claims.sub);
      if (!Number.isInteger(id) || typeof claims.ver !== 'number') {
        throw unauthorized('Your session is invalid or has expired. Please log in again.');
      }
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'username', 'role', 'token_version'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!user || user.token_version !== claims.ver) {
        throw unauthorized('Your session has ended. Please log in again.');
      }
      return { id: user.id, username: user.username, role: user.role };
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await resolveUser(request);
    });

    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      request.user = await resolveUser(request);
      if (!roles.includes(request.user.role)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
