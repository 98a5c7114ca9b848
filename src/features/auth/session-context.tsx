import type { MeResponse } from '@site/contracts';
import React, {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { api, ApiError, onUnauthorized } from '@/lib/api-client';

export type Role = 'guest' | 'editor' | 'admin';

export const ROLES: readonly Role[] = ['guest', 'editor', 'admin'];

/** localStorage keys shared with the API client (which drops `token` on a 401). */
export const STORAGE_KEYS = { token: 'token', role: 'userRole' } as const;

export interface SessionState {
  role: Role;
  isAuthenticated: boolean;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Storage access that never throws: during SSR there is no window, and some browsers throw on
 * localStorage access when storage is disabled. Both cases behave as "nothing stored".
 */
export const sessionStorageAdapter = {
  get(key: string): string | null {
    try {
      return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      if (typeof window !== 'undefined') window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the session simply lasts for this page view.
    }
  },
  remove(key: string): void {
    try {
      if (typeof window !== 'undefined') window.localStorage.removeItem(key);
    } catch {
      // Same as above: nothing stored, nothing to remove.
    }
  },
};

/** The role the session starts with: the stored one when valid, otherwise guest. */
export function initialRole(storedRole: string | null): Role {
  return isRole(storedRole) ? storedRole : 'guest';
}

/**
 * SPEC §4 load rule: a stored token means authenticated, and a guest role with a token is promoted
 * to admin; no token means unauthenticated guest whatever role was stored.
 */
export function resolveOnLoad(role: Role, token: string | null): SessionState {
  if (token) return { role: role === 'guest' ? 'admin' : role, isAuthenticated: true };
  return { role: 'guest', isAuthenticated: false };
}

/** Setting a role keeps that role and re-reads whether a token is present. */
export function resolveSetRole(role: Role, token: string | null): SessionState {
  return { role, isAuthenticated: Boolean(token) };
}

export const LOGGED_IN: SessionState = { role: 'admin', isAuthenticated: true };
export const LOGGED_OUT: SessionState = { role: 'guest', isAuthenticated: false };

export interface SessionValue extends SessionState {
  isAdmin: boolean;
  isEditor: boolean;
  canEdit: boolean;
  /** False until the browser-side storage check ran; role-dependent UI waits for it. */
  ready: boolean;
  setRole: (role: Role) => void;
  login: (token: string) => void;
  logout: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: React.ReactNode }) {
  // The first render matches the server's (guest, unauthenticated) so hydration never differs;
  // the stored role and token are read once mounted.
  const [state, setState] = useState<SessionState>(LOGGED_OUT);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const storedRole = initialRole(sessionStorageAdapter.get(STORAGE_KEYS.role));
    const token = sessionStorageAdapter.get(STORAGE_KEYS.token);
    // A transition, so the page below (hydrated in time slices, see PageWrapper) keeps hydrating
    // in slices instead of being forced to finish in one blocking task by this context change.
    startTransition(() => {
      setState(resolveOnLoad(storedRole, token));
      setReady(true);
    });
    if (!token) return undefined;

    // Storage can be edited by anyone, so the server confirms the role: its answer replaces the
    // stored one, a 401 (forged, expired or revoked token) logs out, and a network failure keeps
    // the stored state (every admin call is still checked by the server).
    let current = true;
    api
      .get<MeResponse>('/auth/me', { authRedirect: false })
      .then((me) => {
        if (current) setState({ role: me.role, isAuthenticated: true });
      })
      .catch((error: unknown) => {
        if (!current || !(error instanceof ApiError) || error.status !== 401) return;
        sessionStorageAdapter.remove(STORAGE_KEYS.token);
        setState(LOGGED_OUT);
      });
    return () => {
      current = false;
    };
  }, []);

  // The API client already dropped the token on a 401; this hides admin UI at the same moment.
  useEffect(() => onUnauthorized(() => setState(LOGGED_OUT)), []);

  // Persist every role change. Skipped before the load check so the SSR/first-render default
  // cannot overwrite a stored role.
  useEffect(() => {
    if (ready) sessionStorageAdapter.set(STORAGE_KEYS.role, state.role);
  }, [ready, state.role]);

  const setRole = useCallback((role: Role) => {
    setState(resolveSetRole(role, sessionStorageAdapter.get(STORAGE_KEYS.token)));
  }, []);

  const login = useCallback((token: string) => {
    sessionStorageAdapter.set(STORAGE_KEYS.token, token);
    setState(LOGGED_IN);
  }, []);

  const logout = useCallback(() => {
    if (sessionStorageAdapter.get(STORAGE_KEYS.token)) {
      // Best effort server-side revocation. The client reads the token synchronously when the
      // request starts, so removing it just below does not strip the request's header.
      api.post('/auth/logout', undefined, { authRedirect: false }).catch(() => undefined);
    }
    sessionStorageAdapter.remove(STORAGE_KEYS.token);
    setState(LOGGED_OUT);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      isAdmin: state.role === 'admin',
      isEditor: state.role === 'editor',
      canEdit: state.role === 'admin' || state.role === 'editor',
      ready,
      setRole,
      login,
      logout,
    }),
    [state, ready, setRole, login, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>.');
  return context;
}
