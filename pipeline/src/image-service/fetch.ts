import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ImageRefused } from './process';

/**
 * Fetching a picture named by address, once, on the server. Only http(s); the host is resolved
 * first and every address it resolves to must be a public unicast one (no private, loopback,
 * link-local, unique-local, carrier-grade NAT, multicast or reserved range), and the connection
 * is made to the address that was checked, so a second lookup cannot swap in another. Redirects
 * are followed a few times, each new address checked the same way. The whole fetch has a time
 * limit and stops reading past the size limit.
 */

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Test-only: loopback addresses (127.0.0.0/8, ::1) pass the check. */
  allowLoopback: boolean;
}

export interface Fetched {
  bytes: Buffer;
  /** The address the bytes came from, after redirects. */
  url: string;
}

const seconds = (ms: number) => {
  const n = Math.round(ms / 1000);
  return `no answer within ${n} ${n === 1 ? 'second' : 'seconds'}`;
};

const CANNOT_FETCH = (url: string, why: string) =>
  new ImageRefused(`The image at ${url} could not be fetched: ${why}.`);

/** Whether an address may be connected to. */
export function isPublicAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'unicast') return true;
  return allowLoopback && range === 'loopback';
}

/** Resolves a host name and returns one checked address, or throws with the reason. */
async function checkedAddress(
  url: URL,
  limits: FetchLimits,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw CANNOT_FETCH(url.href, `the host name ${host} could not be found`);
    }
  }
  if (addresses.length === 0) throw CANNOT_FETCH(url.href, `the host name ${host} has no address`);
  for (const entry of addresses) {
    if (!isPublicAddress(entry.address, limits.allowLoopback)) {
      throw CANNOT_FETCH(
        url.href,
        'it points to a private or local network address, which is not allowed',
      );
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function parseAddress(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    throw new ImageRefused(`"${raw}" is not a web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageRefused('The image address must start with http:// or https://.');
  }
  if (url.username || url.password) {
    throw new ImageRefused('The image address must not carry a user name or password.');
  }
  return url;
}

interface Hop {
  status: number;
  location: string | undefined;
  bytes: Buffer;
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  limits: FetchLimits,
  signal: AbortSignal,
): Promise<Hop> {
  // The socket connects to the address checked above, whatever the name resolves to now.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup,
        signal,
        headers: {
          accept: 'image/avif,image/webp,image/*;q=0.8',
          'user-agent': 'AgentWorks image fetch',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location, bytes: Buffer.alloc(0) });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(CANNOT_FETCH(url.href, `the server answered ${status}`));
          return;
        }
        // Refused as soon as the size is known to be over: declared, or counted while reading.
        const tooLarge = (bytes: number) => {
          if (bytes <= limits.maxBytes) return false;
          response.destroy();
          reject(
            CANNOT_FETCH(
              url.href,
              `it is larger than the ${Math.round(limits.maxBytes / 1024 / 1024)} MB taken`,
            ),
          );
          return true;
        };
        if (tooLarge(Number(response.headers['content-length'] ?? 0))) return;
        const chunks: Buffer[] = [];
        let total = 0;
        response.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (tooLarge(total)) return;
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status, location: undefined, bytes: Buffer.concat(chunks) }),
        );
        response.on('error', () =>
          reject(
            CANNOT_FETCH(
              url.href,
              signal.aborted ? seconds(limits.timeoutMs) : 'the connection broke off',
            ),
          ),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) {
        reject(CANNOT_FETCH(url.href, seconds(limits.timeoutMs)));
      } else if (
        error.code === 'ECONNREFUSED' ||
        error.code === 'EHOSTUNREACH' ||
        error.code === 'ENETUNREACH'
      ) {
        reject(CANNOT_FETCH(url.href, 'the server could not be reached'));
      } else if (error instanceof ImageRefused) {
        reject(error);
      } else {
        reject(CANNOT_FETCH(url.href, 'the connection failed'));
      }
    });
  });
}

/** Fetches the bytes at an address within the limits, or throws ImageRefused with the reason. */
export async function fetchImage(raw: string, limits: FetchLimits): Promise<Fetched> {
  let url = parseAddress(raw.trim());
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; ; hop += 1) {
    const pinned = await checkedAddress(url, limits);
    const answer = await requestOnce(url, pinned, limits, signal);
    if (answer.status === 200) return { bytes: answer.bytes, url: url.href };
    if (!answer.location) throw CANNOT_FETCH(url.href, `the server answered ${answer.status}`);
    if (hop >= limits.maxRedirects) throw CANNOT_FETCH(raw, 'it redirects too many times');
    url = parseAddress(answer.location, url);
  }
}
