import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config, RouteLimit } from '../config';
import { loadJwtSecret } from './jwt-secret';
import { HttpError } from './http-error';

/**
 * Who a client is, for counting: an IPv4 address as it is, an IPv6 address by its /64 network.
 * One IPv6 subscriber or host is normally given a whole /64 (2^64 addresses), so counting each
 * address on its own would give one client endless fresh limits. An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`) counts as that IPv4 address. Anything that is not an address is kept as it
 * is (it cannot be split further).
 */
export function clientKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (net.isIPv4(bare)) return bare;
  if (!net.isIPv6(bare)) return address;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1] && net.isIPv4(mapped[1])) return mapped[1];
  const groups = expandIpv6(bare);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * The network a client is on, as a household's or an office's connection is given it: an IPv4
 * address's /24 (`192.0.2.0/24`), an IPv6 address's /48 (an IPv4 address written as IPv6 counts
 * as IPv4). Anything that is not an address is kept as it is.
 */
export function networkKey(address: string): string {
  const key = clientKey(address);
  if (net.isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  const bare = address.replace(/%.*$/, '');
  if (!net.isIPv6(bare)) return key;
  return `${expandIpv6(bare).slice(0, 3).join(':')}::/48`;
}

/** The eight 16-bit groups of an IPv6 address, lower case, without leading zeros. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part is two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...fill, ...back].map((group) => parseInt(group || '0', 16).toString(16));
}

/**
 * A keyed digest of a counting key, so that what is stored (Redis keys above all) never holds an
 * address or an account name in the clear, and cannot be reversed by hashing every IPv4 address:
 * the key is derived from the server's secret.
 */
export function keyedDigest(secret: string): (...parts: string[]) => string {
  const key = crypto.createHmac('sha256', secret).update('agentworks counting keys').digest();
  return (...parts) =>
    crypto.createHmac('sha256', key).update(parts.join('\0'), 'utf8').digest('hex').slice(0, 32);
}

/**
 * The key @fastify/rate-limit counts a request under: the client's keyed digest (its /64 for
 * IPv6), never its address.
 */
export function rateLimitKey(secret: string): (request: FastifyRequest) => string {
  const digest = keyedDigest(secret);
  return (request) => digest('addr', clientKey(request.ip));
}

/**
 * The server's secret for counting keys: the signing secret (JWT_SECRET, or the one generated in
 * DATA_DIR), which every process of one site shares, so their keys for one client agree.
 */
export function countingSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): string {
  return loadJwtSecret(config.jwtSecret, config.dataDir);
}

/**
 * The queue a staff request's markdown compiles wait in (body-compiler.ts): the account's, or
 * none before anyone is signed in.
 */
export function compileAccount(request: FastifyRequest | undefined): string | undefined {
  return request?.user ? `account-${request.user.id}` : undefined;
}

/**
 * A per-account request limit for a staff route (its guard runs first, so the account is known):
 * counted by account id whatever the address, so one editor's requests never use up a colleague's
 * allowance behind the same office address, and changing address gains nothing.
 */
export function accountRateLimit(limit: RouteLimit) {
  return {
    ...limit,
    keyGenerator: (request: FastifyRequest) => `account-${request.user?.id ?? 'none'}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const wait =
        seconds <= 60
          ? `${seconds} second${seconds === 1 ? '' : 's'}`
          : `${Math.ceil(seconds / 60)} minutes`;
      return new HttpError(
        429,
        `Too many requests from your account. Please wait ${wait} and try again.`,
      );
    },
  };
}
