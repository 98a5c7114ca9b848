import { ApolloClient, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { RestLink } from 'apollo-link-rest';
import { api, apiBaseUrl } from './api-client';

/**
 * Apollo Client over the REST API (apollo-link-rest). Only the giveaway pages import this, so
 * content pages never ship Apollo.
 *
 * Every request goes through the one API client (src/lib/api-client.ts) so the session cookie
 * (same-origin credentials), the error messages (`detail`, else "HTTP error! status: {code}") and the 401 handling are the
 * same as everywhere else. RestLink builds the URL and the JSON body; `restFetch` hands them to
 * the API client and wraps its parsed answer back into a Response for RestLink to read.
 */

/** The site's Apollo client: its cache holds the normalised answers of the REST API. */
export type SiteApolloClient = ApolloClient<NormalizedCacheObject>;

type FetchInput = Parameters<typeof fetch>[0];

function pathFromUri(uri: FetchInput): string {
  const url = typeof uri === 'string' ? uri : uri instanceof URL ? uri.toString() : uri.url;
  const base = apiBaseUrl();
  return url.startsWith(base) ? url.slice(base.length) : url;
}

function bodyFrom(init: RequestInit): unknown {
  if (typeof init.body !== 'string' || init.body === '') return undefined;
  return JSON.parse(init.body) as unknown;
}

/** RestLink's `customFetch`: a failed call rejects with the API client's ApiError. */
export async function restFetch(uri: FetchInput, init: RequestInit = {}): Promise<Response> {
  const path = pathFromUri(uri);
  const method = (init.method ?? 'GET').toUpperCase();
  const signal = init.signal ?? undefined;
  let data: unknown;
  switch (method) {
    case 'GET':
      data = await api.get(path, { signal });
      break;
    case 'POST':
      data = await api.post(path, bodyFrom(init), { signal });
      break;
    case 'PUT':
      data = await api.put(path, bodyFrom(init), { signal });
      break;
    case 'DELETE':
      data = await api.delete(path, { signal });
      break;
    default:
      throw new Error(`Unsupported method ${method}`);
  }
  if (data === undefined) return new Response(null, { status: 204 });
  return new Response(JSON.stringify(data), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function createApolloClient(): SiteApolloClient {
  return new ApolloClient({
    link: new RestLink({ uri: apiBaseUrl(), customFetch: restFetch }),
    cache: new InMemoryCache({
      typePolicies: {
        Giveaway: {
          fields: {
            // Embedded objects without an id of their own: the newest answer replaces the old one.
            winner_details: { merge: false },
            draw: { merge: false },
            draws: { merge: false },
            frozen: { merge: false },
          },
        },
      },
    }),
  });
}

let browserClient: SiteApolloClient | undefined;

/**
 * One client per browser tab so the cache is shared between the giveaway pages (a giveaway
 * created on the management page is already in the list). During the build's server render a
 * fresh client is made each time, so nothing leaks between pages.
 */
export function getApolloClient(): SiteApolloClient {
  if (typeof window === 'undefined') return createApolloClient();
  browserClient ??= createApolloClient();
  return browserClient;
}
