import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';

/**
 * The Instagram access token of a giveaway's owner: sealed at rest with AES-256-GCM, never
 * returned to a browser, never logged.
 *
 * The key. INSTAGRAM_TOKEN_KEY holds 32 random bytes, written as 64 hex digits or as base64
 * (44 characters), for example from
 *   node -e "console.log(require('node:crypto').randomBytes(32).toString('base64'))"
 * It is a secret like JWT_SECRET: set in the environment (or the secret store that fills it), never
 * in the repository, and the same on every instance. To change it, move the old value to
 * INSTAGRAM_TOKEN_KEY_PREVIOUS (several, separated by commas, are allowed) and set a new one: sealed
 * tokens name the key they were sealed with (the first 8 hex digits of its SHA-256), so old ones
 * still open, and resealing them with `sealToken` moves them to the new key. Once no stored token
 * names an old key, drop it. Without INSTAGRAM_TOKEN_KEY no token can be stored or read, and the
 * error says so; the key is never generated on the fly, since a lost key loses every token.
 *
 * The sealed form: "igt1.<key id>.<iv>.<tag>.<ciphertext>", base64url parts, a fresh 12-byte IV
 * per seal. A context string (such as "giveaway:42") is bound as associated data, so a sealed
 * token copied to another row does not open there.
 */

/** A secret that stays out of logs, JSON and error text; `reveal()` is the only way to read it. */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return '[redacted]';
  }

  toJSON(): string {
    return '[redacted]';
  }

  [inspect.custom](): string {
    return '[redacted]';
  }
}

/** An access token: a Secret under a name that says what it is. */
export class AccessToken extends Secret {}

/** A key that cannot be used or a sealed token that does not open. The message holds no secret. */
export class TokenCryptoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenCryptoError';
  }
}

interface TokenKey {
  id: string;
  key: Buffer;
}

export interface TokenKeys {
  current: TokenKey;
  previous: TokenKey[];
}

function decodeKey(text: string, name: string): TokenKey {
  const trimmed = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-f]{64}$/i.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) key = Buffer.from(trimmed, 'base64');
  if (!key || key.length !== 32) {
    throw new TokenCryptoError(
      `${name} must hold 32 bytes as 64 hex digits or 44 base64 characters.`,
    );
  }
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** The keys from the environment (see the comment at the top of this file). */
export function tokenKeysFromEnv(env: NodeJS.ProcessEnv = process.env): TokenKeys {
  const current = env.INSTAGRAM_TOKEN_KEY;
  if (!current) {
    throw new TokenCryptoError(
      'INSTAGRAM_TOKEN_KEY is not set, so Instagram tokens cannot be stored or read.',
    );
  }
  const previous = (env.INSTAGRAM_TOKEN_KEY_PREVIOUS ?? '')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => decodeKey(part, 'INSTAGRAM_TOKEN_KEY_PREVIOUS'));
  return { current: decodeKey(current, 'INSTAGRAM_TOKEN_KEY'), previous };
}

const PREFIX = 'igt1';

/** Seals a token with the current key; `context` must be given again to open it. */
export function sealToken(token: Secret, keys: TokenKeys, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(token.reveal(), 'utf8'), cipher.final()]);
  return [
    PREFIX,
    keys.current.id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** Opens a sealed token; throws TokenCryptoError when it was altered, moved or its key is gone. */
export function openToken(sealed: string, keys: TokenKeys, context: string): AccessToken {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== PREFIX) {
    throw new TokenCryptoError('The stored token is not in the sealed form.');
  }
  const [, keyId, iv, tag, body] = parts as [string, string, string, string, string];
  const key = [keys.current, ...keys.previous].find((k) => k.id === keyId);
  if (!key) {
    throw new TokenCryptoError(
      `The stored token was sealed with key ${keyId}, which is neither INSTAGRAM_TOKEN_KEY nor in INSTAGRAM_TOKEN_KEY_PREVIOUS.`,
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return new AccessToken(text);
  } catch {
    throw new TokenCryptoError(
      'The stored token does not open: it was altered or belongs elsewhere.',
    );
  }
}

/** Whether a sealed token should be resealed with the current key. */
export function sealedWithOldKey(sealed: string, keys: TokenKeys): boolean {
  return sealed.split('.')[1] !== keys.current.id;
}

export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential, wherever they appear in a URL or text. */
const CREDENTIAL_PARAMS =
  /\b(access_token|client_secret|fb_exchange_token|appsecret_proof)=[^&\s"'<>]*/gi;

/**
 * Text with every given secret removed (as it is, and URL-encoded), and the value of any
 * credential query parameter (access_token=…, client_secret=…) replaced too.
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<Secret | string>): string {
  let out = text;
  for (const secret of secrets) {
    const value = typeof secret === 'string' ? secret : secret.reveal();
    // A value this short is no credential, and removing it would blank unrelated words.
    if (value.length < 8) continue;
    for (const form of new Set([value, encodeURIComponent(value)])) {
      out = out.split(form).join(REDACTED);
    }
  }
  return out.replace(CREDENTIAL_PARAMS, (_, name: string) => `${name}=${REDACTED}`);
}

export type TokenState =
  | { state: 'valid'; expiresAt: string | null; label: string }
  | { state: 'expiring'; expiresAt: string; label: string }
  | { state: 'expired'; expiresAt: string; label: string };

/** How long before its end a token is shown as expiring, so the owner can renew it in time. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The token's state for the owner: valid, expiring on {date} (within a week), or expired. A null
 * expiry is a token that does not expire (a Page token from Facebook Login can be).
 */
export function tokenState(expiresAt: string | null, now: number): TokenState {
  if (expiresAt === null) return { state: 'valid', expiresAt: null, label: 'Valid' };
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) throw new RangeError('The expiry is not a valid date.');
  const date = new Date(end).toISOString().slice(0, 10);
  if (end <= now) return { state: 'expired', expiresAt, label: `Expired on ${date}` };
  if (end - now <= EXPIRING_WITHIN_MS) {
    return { state: 'expiring', expiresAt, label: `Expiring on ${date}` };
  }
  return { state: 'valid', expiresAt, label: `Valid until ${date}` };
}
