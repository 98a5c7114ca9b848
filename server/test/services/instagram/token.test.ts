import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import {
  AccessToken,
  openToken,
  redactSecrets,
  sealedWithOldKey,
  sealToken,
  TokenCryptoError,
  tokenKeysFromEnv,
  tokenState,
} from '../../../src/services/instagram/token';

const TOKEN = 'IGQWRPa1ZA0cVhLb2JfTmV4dC10b2tlbi1mb3ItdGVzdHM';
const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('hex');

describe('sealing tokens (AES-256-GCM)', () => {
  const keys = tokenKeysFromEnv({ INSTAGRAM_TOKEN_KEY: keyA });

  test('a sealed token opens with the same key and context, and does not show the token', () => {
    const sealed = sealToken(new AccessToken(TOKEN), keys, 'giveaway:1');
    expect(sealed).toMatch(/^igt1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain(TOKEN);
    expect(openToken(sealed, keys, 'giveaway:1').reveal()).toBe(TOKEN);
    // A fresh IV per seal.
    expect(sealToken(new AccessToken(TOKEN), keys, 'giveaway:1')).not.toBe(sealed);
  });

  test('another context, an altered byte or another key does not open it', () => {
    const sealed = sealToken(new AccessToken(TOKEN), keys, 'giveaway:1');
    expect(() => openToken(sealed, keys, 'giveaway:2')).toThrow(TokenCryptoError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => openToken(parts.join('.'), keys, 'giveaway:1')).toThrow(
      'The stored token does not open',
    );
    const other = tokenKeysFromEnv({ INSTAGRAM_TOKEN_KEY: keyB });
    expect(() => openToken(sealed, other, 'giveaway:1')).toThrow(/neither INSTAGRAM_TOKEN_KEY/);
    expect(() => openToken('plain-token', keys, 'giveaway:1')).toThrow(/sealed form/);
  });

  test('after a key change, tokens sealed with the previous key still open and can be resealed', () => {
    const sealed = sealToken(new AccessToken(TOKEN), keys, 'g');
    const rotated = tokenKeysFromEnv({
      INSTAGRAM_TOKEN_KEY: keyB,
      INSTAGRAM_TOKEN_KEY_PREVIOUS: keyA,
    });
    expect(sealedWithOldKey(sealed, rotated)).toBe(true);
    const resealed = sealToken(openToken(sealed, rotated, 'g'), rotated, 'g');
    expect(sealedWithOldKey(resealed, rotated)).toBe(false);
    expect(openToken(resealed, rotated, 'g').reveal()).toBe(TOKEN);
  });

  test('a missing or malformed key is a clear error that does not repeat the value', () => {
    expect(() => tokenKeysFromEnv({})).toThrow(/INSTAGRAM_TOKEN_KEY is not set/);
    const short = 'c2hvcnQta2V5LXNlY3JldC12YWx1ZQ==';
    try {
      tokenKeysFromEnv({ INSTAGRAM_TOKEN_KEY: short });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(TokenCryptoError);
      expect(String(error)).not.toContain(short);
    }
  });
});

describe('keeping the token out of text', () => {
  test('an AccessToken shows as [redacted] in strings, JSON and inspect', () => {
    const token = new AccessToken(TOKEN);
    const holder = { token, nested: [token] };
    expect(`${token}`).toBe('[redacted]');
    expect(JSON.stringify(holder)).not.toContain(TOKEN);
    expect(inspect(holder, { depth: 5 })).not.toContain(TOKEN);
    expect(token.reveal()).toBe(TOKEN);
  });

  test('redactSecrets removes the token, its URL-encoded form and credential parameters', () => {
    const odd = 'ab+c/d=efgh';
    const text = `GET /x?access_token=${TOKEN}&a=1 said ${TOKEN}; ${encodeURIComponent(odd)} client_secret=s3cr3t`;
    const out = redactSecrets(text, [new AccessToken(TOKEN), odd]);
    expect(out).toBe(
      'GET /x?access_token=[redacted]&a=1 said [redacted]; [redacted] client_secret=[redacted]',
    );
  });
});

describe('tokenState', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');
  test.each([
    [null, 'valid', 'Valid'],
    ['2027-01-20T00:00:00Z', 'valid', 'Valid until 2027-01-20'],
    ['2026-12-05T08:00:00Z', 'expiring', 'Expiring on 2026-12-05'],
    ['2026-11-30T12:00:00Z', 'expired', 'Expired on 2026-11-30'],
    ['2026-10-01T00:00:00Z', 'expired', 'Expired on 2026-10-01'],
  ])('expiry %p → %p (%p)', (expiresAt, state, label) => {
    expect(tokenState(expiresAt, now)).toMatchObject({ state, label });
  });
});
