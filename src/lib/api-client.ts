import { navigate } from 'gatsby-link';
import { loginPathReturningTo } from './return-path';

/**
 * The one fetch wrapper for the REST API: JSON by default, form-encoded on request, the server's
 * `detail` as the error message, and any 401 treated as an ended session (listeners told, browser
 * sent to /login, which returns to the page afterwards). The session travels in an HttpOnly cookie that the browser attaches to
 * same-origin requests: page script never sees a credential, so nothing here reads or sends one.
 * No timeout is set.
 */

const DEFAULT_BASE_URL = '/api/v1';

export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived (offline, DNS, connection refused). */
  readonly status: number;
  /** The server's own sentence (`detail`), when it sent one; `message` falls back to the status. */
  readonly detail: string | undefined;
  /** The parsed error body, for callers that want more than the message (e.g. `errors[]`). */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown, detail?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }
}

export interface RequestOptions {
  /** Send the body as application/x-www-form-urlencoded (the login call). */
  form?: boolean;
  /**
   * Default true: a 401 ends the session on this page and goes to /login. Callers that handle a
   * 401 themselves (the login form, the session's own check) turn this off.
   */
  authRedirect?: boolean;
  signal?: AbortSignal;
}

type FormBody = Record<string, string>;

/** Base URL without a trailing slash. GATSBY_* variables are inlined by Gatsby at build time. */
export function apiBaseUrl(): string {
  const configured = process.env.GATSBY_API_URL?.trim();
  return (configured || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

function resolveUrl(path: string): string {
  const url = `${apiBaseUrl()}${path.startsWith('/') ? '' : '/'}${path}`;
  // A same-origin base is relative; fetch outside a page (tests, SSR) needs an absolute URL.
  return typeof window === 'undefined' ? url : new URL(url, window.location.href).toString();
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Lets the session context hear about an expired session (so the admin menu disappears at once,
 * without the client importing React state). Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function handleUnauthorized(): void {
  unauthorizedListeners.forEach((listener) => listener());
  if (typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  // The login brings the member back to the page that needed it.
  if (!/^\/login\/?$/.test(pathname))
    void navigate(loginPathReturningTo(`${pathname}${search}${hash}`));
}

/** `detail` as a string, or `detail.message` when the server sent an object. */
export function detailFrom(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const { detail } = body as { detail: unknown };
    if (typeof detail === 'string' && detail.trim()) return detail;
    if (detail && typeof detail === 'object' && 'message' in detail) {
      const { message } = detail as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
    }
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type ResponseKind = 'json' | 'blob';

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  kind: ResponseKind,
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: kind === 'json' ? 'application/json' : '*/*',
  };

  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (typeof FormData !== 'undefined' && body instanceof FormData) {
      // A file upload: the browser writes the multipart type with its boundary.
      payload = body;
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body as FormBody).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }

  let response: Response;
  try {
    response = await fetch(resolveUrl(path), {
      method,
      headers,
      body: payload,
      signal: options.signal,
      // The session cookie goes with same-origin requests only, never to another site.
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(
      0,
      'Could not reach the server. Check your connection and try again.',
    );
    console.error(`API ${method} ${path} failed:`, cause);
    throw error;
  }

  if (!response.ok) {
    const errorBody = await readBody(response);
    const detail = detailFrom(errorBody);
    const message = detail ?? `HTTP error! status: ${response.status}`;
    const error = new ApiError(response.status, message, errorBody, detail);
    // A refusal (4xx) is an answer the page shows as a message: a warning. A server failure is
    // an error.
    const log = response.status >= 500 ? console.error : console.warn;
    log(`API ${method} ${path} failed:`, error.message);
    if (response.status === 401 && options.authRedirect !== false) handleUnauthorized();
    throw error;
  }

  if (kind === 'blob') return (await response.blob()) as T;
  return (await readBody(response)) as T;
}

export const api = {
  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return request<T>('GET', path, undefined, options, 'json');
  },
  post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return request<T>('POST', path, body, options, 'json');
  },
  put<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return request<T>('PUT', path, body, options, 'json');
  },
  patch<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return request<T>('PATCH', path, body, options, 'json');
  },
  delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return request<T>('DELETE', path, undefined, options, 'json');
  },
  /** A file download (e.g. the subscriber CSV) with the same auth and error handling. */
  getBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
    return request<Blob>('GET', path, undefined, options, 'blob');
  },
};
