import { createGraphClient, type GraphClientOptions } from './graph-client';
import { AccessToken, type Secret } from './token';

/**
 * Keeping a long-lived token alive, where the platform allows it.
 *
 * Instagram Login: GET graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token gives a
 * new long-lived token valid 60 days from the refresh; the token must be at least 24 hours old and
 * not yet expired. Facebook Login: GET graph.facebook.com/{version}/oauth/access_token with
 * grant_type=fb_exchange_token, the app's id and secret gives a long-lived user token (about 60
 * days) for a short- or long-lived one.
 */

export const MIN_REFRESH_AGE_MS = 24 * 60 * 60 * 1000;

export interface FreshToken {
  token: AccessToken;
  /** When it was issued (now), ISO 8601. */
  issuedAt: string;
  /** When it ends, ISO 8601; null when the platform gave no end. */
  expiresAt: string | null;
}

/** Refreshing is not possible yet or any more; the message says why and holds no secret. */
export class TokenRefreshError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenRefreshError';
  }
}

type ClientBase = Omit<GraphClientOptions, 'token' | 'version' | 'baseUrl'> & { baseUrl?: string };

function readFresh(body: unknown, now: number): FreshToken {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const token = b.access_token;
  if (typeof token !== 'string' || token.length < 8 || token.length > 4096) {
    throw new TokenRefreshError('The platform did not send a new token.');
  }
  const expiresIn = b.expires_in;
  const seconds =
    typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : null;
  return {
    token: new AccessToken(token),
    issuedAt: new Date(now).toISOString(),
    expiresAt: seconds === null ? null : new Date(now + seconds * 1000).toISOString(),
  };
}

/** Refreshes a long-lived Instagram Login token (at least 24 hours old, not expired). */
export async function refreshInstagramToken(
  token: Secret,
  issuedAt: string,
  expiresAt: string | null,
  base: ClientBase = {},
): Promise<FreshToken> {
  const now = (base.now ?? Date.now)();
  if (expiresAt !== null && Date.parse(expiresAt) <= now) {
    throw new TokenRefreshError(
      'The token has expired and cannot be refreshed; the owner must connect the account again.',
    );
  }
  const age = now - Date.parse(issuedAt);
  if (!(age >= MIN_REFRESH_AGE_MS)) {
    throw new TokenRefreshError(
      `The token can be refreshed from ${new Date(Date.parse(issuedAt) + MIN_REFRESH_AGE_MS).toISOString()} (24 hours after it was issued).`,
    );
  }
  const client = createGraphClient({
    ...base,
    baseUrl: base.baseUrl ?? 'https://graph.instagram.com',
    version: null,
    token,
  });
  const answer = await client.get('/refresh_access_token', { grant_type: 'ig_refresh_token' });
  return readFresh(answer.body, (base.now ?? Date.now)());
}

/** Exchanges a Facebook Login user token for a long-lived one. */
export async function exchangeFacebookToken(
  token: Secret,
  app: { id: string; secret: Secret },
  base: ClientBase & { version?: string } = {},
): Promise<FreshToken> {
  // The exchange names the token as fb_exchange_token, not access_token; it and the app secret
  // are redacted from every error all the same.
  const client = createGraphClient({
    ...base,
    baseUrl: base.baseUrl ?? 'https://graph.facebook.com',
    version: base.version ?? 'v21.0',
    token,
    otherSecrets: [app.secret, ...(base.otherSecrets ?? [])],
  });
  const answer = await client.get(
    '/oauth/access_token',
    {
      grant_type: 'fb_exchange_token',
      client_id: app.id,
      client_secret: app.secret.reveal(),
      fb_exchange_token: token.reveal(),
    },
    { sendToken: false },
  );
  return readFresh(answer.body, (base.now ?? Date.now)());
}
