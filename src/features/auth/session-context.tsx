import type { MeResponse } from '@site/contracts';
import React, {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { api, ApiError, onUnauthorized } from '@/lib/api-client';

export type Role = 'guest' | 'editor' | 'admin';

export const ROLES: readonly Role[] = ['guest', 'editor', 'admin'];

/**
 * localStorage keys. `userRole` is only a display hint (which menu to draw before the server has
 * answered); the session itself is an HttpOnly cookie that page script cannot read. `legacyToken`
 * is where earlier versions kept a bearer token: it is removed on sight and never sent.
 */
export const STORAGE_KEYS = { role: 'userRole', legacyToken: 'token' } as const;

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
      // Storage unavailable: the hint simply lasts for this page view.
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

export const LOGGED_OUT: SessionState = { role: 'guest', isAuthenticated: false };

/**
 * What to draw on load, before the server answers: a stored staff role suggests a live session
 * (the server then confirms or refuses it); anything else is a guest.
 */
export function stateFromHint(storedRole: string | null): SessionState {
  return isRole(storedRole) && storedRole !== 'guest'
    ? { role: storedRole, isAuthenticated: true }
    : LOGGED_OUT;
}

export interface SessionValue extends SessionState {
  isAdmin: boolean;
  isEditor: boolean;
  canEdit: boolean;
  /** False until the browser-side hint was read; role-dependent UI waits for it. */
  ready: boolean;
  /** After a successful login: the role the server reported for the account. */
  login: (role: Exclude<Role, 'guest'>) => void;
  /** Ends this session on the server (other devices stay logged in). Rejects if unreachable. */
  logout: () => Promise<void>;
  /** Ends every session of the account, on every device. Rejects if unreachable. */
  logoutEverywhere: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: React.ReactNode }) {
  // The first render matches the server's (guest, unauthenticated) so hydration never differs;
  // the stored hint is read once mounted.
  const [state, setState] = useState<SessionState>(LOGGED_OUT);
  const [ready, setReady] = useState(false);
  // The hint as it stands in storage, so an unchanged role is not written again on every page.
  const storedRole = useRef<string | null>(null);

  useEffect(() => {
    sessionStorageAdapter.remove(STORAGE_KEYS.legacyToken);
    storedRole.current = sessionStorageAdapter.get(STORAGE_KEYS.role);
    const hinted = stateFromHint(storedRole.current);
    // A transition, so the page below (hydrated in time slices, see PageWrapper) keeps hydrating
    // in slices instead of being forced to finish in one blocking task by this context change.
    startTransition(() => {
      setState(hinted);
      setReady(true);
    });
    if (!hinted.isAuthenticated) return undefined;

    // The hint can be edited by anyone, so the server decides: its answer replaces the hint, a
    // 401 (no cookie, or an ended session) means guest, and a network failure keeps the hint
    // (every staff call is still checked by the server).
    let current = true;
    api
      .get<MeResponse>('/auth/me', { authRedirect: false })
      .then((me) => {
        if (current) setState({ role: me.role, isAuthenticated: true });
      })
      .catch((error: unknown) => {
        if (current && error instanceof ApiError && error.status === 401) setState(LOGGED_OUT);
      });
    return () => {
      current = false;
    };
  }, []);

  // A 401 anywhere means the session has ended: staff UI disappears at once.
  useEffect(() => onUnauthorized(() => setState(LOGGED_OUT)), []);

  // Keep the hint in step. Skipped before the load check so the first render's guest default
  // cannot overwrite a stored role.
  useEffect(() => {
    if (!ready || storedRole.current === state.role) return;
    sessionStorageAdapter.set(STORAGE_KEYS.role, state.role);
    storedRole.current = state.role;
  }, [ready, state.role]);

  const login = useCallback((role: Exclude<Role, 'guest'>) => {
    setState({ role, isAuthenticated: true });
  }, []);

  const end = useCallback(async (path: '/auth/logout' | '/auth/logout-all') => {
    try {
      await api.post(path, undefined, { authRedirect: false });
    } catch (error) {
      // 401: the session had already ended, which is what was asked. Anything else: the cookie
      // may still be live, so the page must not pretend otherwise.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    // The hint is put right at once: a move to a document page right after (no app there to run
    // the effect below) must not leave "admin" behind.
    sessionStorageAdapter.set(STORAGE_KEYS.role, LOGGED_OUT.role);
    storedRole.current = LOGGED_OUT.role;
    setState(LOGGED_OUT);
  }, []);
  const logout = useCallback(() => end('/auth/logout'), [end]);
  const logoutEverywhere = useCallback(() => end('/auth/logout-all'), [end]);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      isAdmin: state.role === 'admin',
      isEditor: state.role === 'editor',
      canEdit: state.role === 'admin' || state.role === 'editor',
      ready,
      login,
      logout,
      logoutEverywhere,
    }),
    [state, ready, login, logout, logoutEverywhere],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session of the surrounding provider, or null where there is none (an island's own tree). */
export function useOptionalSession(): SessionValue | null {
  return useContext(SessionContext);
}

export function useSession(): SessionValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>.');
  return context;
}
