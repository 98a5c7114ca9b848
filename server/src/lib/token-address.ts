import type { FastifyRequest } from 'fastify';

/** As the API takes a mailed link's token: at most this long. */
const MAX_TOKEN = 200;

/** The `token` of the request's address, trimmed, when it has one that could be a token. */
export function tokenOf(request: FastifyRequest): string | null {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof token !== 'string') return null;
  const trimmed = token.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_TOKEN ? trimmed : null;
}

/** True when the address carries a `token` query parameter at all: its answer is private. */
export function carriesToken(url: string): boolean {
  const query = url.split('?')[1];
  return query !== undefined && new URLSearchParams(query.split('#')[0]).has('token');
}
