import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './http-error';

/** Methods that may change something; every other method must not. */
export function changesState(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

/** This site's origins: the one the request was made to, and PUBLIC_URL's. */
export function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  // protocol and host follow X-Forwarded-Proto/-Host only when TRUST_PROXY trusts the sender.
  return [`${request.protocol}://${request.host}`, new URL(publicUrl).origin];
}

/**
 * Where a browser says a request comes from:
 * - `own`: this site's pages (the request's own origin, or PUBLIC_URL's);
 * - `listed`: an origin in CORS_ORIGINS;
 * - `foreign`: any other page, including an opaque (`null`) one;
 * - `unknown`: no Origin and no Sec-Fetch-Site, as from API clients that are not browsers.
 */
export type OriginVerdict = 'own' | 'listed' | 'foreign' | 'unknown';

export function originVerdict(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl' | 'corsOrigins'>,
): OriginVerdict {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    if (ownOrigins(request, config.publicUrl).includes(origin)) return 'own';
    return config.corsOrigins.includes(origin) ? 'listed' : 'foreign';
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin') return 'own';
  if (site === 'same-site' || site === 'cross-site') return 'foreign';
  return 'unknown';
}

export const FOREIGN_ORIGIN_DETAIL =
  'This request came from another site. Changes are accepted only from this site’s own pages.';

export const foreignOrigin = () => new HttpError(403, FOREIGN_ORIGIN_DETAIL);
