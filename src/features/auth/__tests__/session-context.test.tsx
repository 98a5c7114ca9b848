import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import {
  SessionProvider,
  initialRole,
  resolveOnLoad,
  resolveSetRole,
  useSession,
  type Role,
} from '../session-context';

/** Shows the session as text and exposes its actions as buttons, like a page would use it. */
function Probe() {
  const session = useSession();
  return (
    <div>
      <p>
        {session.ready ? 'ready' : 'checking'} / role={session.role} / auth=
        {String(session.isAuthenticated)} / admin={String(session.isAdmin)} / editor=
        {String(session.isEditor)} / canEdit={String(session.canEdit)}
      </p>
      {(['guest', 'editor', 'admin'] as Role[]).map((role) => (
        <button key={role} type="button" onClick={() => session.setRole(role)}>
          set {role}
        </button>
      ))}
      <button type="button" onClick={() => session.login('fresh-token')}>
        login
      </button>
      <button type="button" onClick={() => session.logout()}>
        logout
      </button>
    </div>
  );
}

async function renderSession() {
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
  await screen.findByText(/^ready/);
}

const status = () => screen.getByText(/role=/).textContent;

const server = setupApiServer();

/**
 * The server's role check (session-server-check.test.tsx) is held pending here, so these tests see
 * exactly what the stored token and role produce on their own. Logout's revocation call succeeds.
 */
beforeEach(() => {
  window.localStorage.clear();
  server.use(
    http.get(`${API}/auth/me`, async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
    http.post(`${API}/auth/logout`, () => new HttpResponse(null, { status: 204 })),
  );
});

describe('session rules (pure)', () => {
  it('starts from a valid stored role, otherwise guest', () => {
    expect(initialRole('editor')).toBe('editor');
    expect(initialRole(null)).toBe('guest');
    expect(initialRole('superuser')).toBe('guest');
  });

  it('on load: a token authenticates and promotes guest to admin; no token means guest', () => {
    expect(resolveOnLoad('guest', 't')).toEqual({ role: 'admin', isAuthenticated: true });
    expect(resolveOnLoad('editor', 't')).toEqual({ role: 'editor', isAuthenticated: true });
    expect(resolveOnLoad('admin', null)).toEqual({ role: 'guest', isAuthenticated: false });
  });

  it('setting a role keeps it and re-checks the token', () => {
    expect(resolveSetRole('editor', 't')).toEqual({ role: 'editor', isAuthenticated: true });
    expect(resolveSetRole('admin', null)).toEqual({ role: 'admin', isAuthenticated: false });
  });
});

describe('SessionProvider', () => {
  it('is a guest, unauthenticated, with nothing stored', async () => {
    await renderSession();
    expect(status()).toBe(
      'ready / role=guest / auth=false / admin=false / editor=false / canEdit=false',
    );
    expect(window.localStorage.getItem('userRole')).toBe('guest');
  });

  it('reports not ready on the first render so role-dependent UI can wait', () => {
    window.localStorage.setItem('token', 't');
    const seen: boolean[] = [];
    function ReadyProbe() {
      seen.push(useSession().ready);
      return null;
    }
    render(
      <SessionProvider>
        <ReadyProbe />
      </SessionProvider>,
    );
    expect(seen[0]).toBe(false);
    expect(seen[seen.length - 1]).toBe(true);
  });

  it('turns a stored token with no role into an authenticated admin and stores the role', async () => {
    window.localStorage.setItem('token', 't');
    await renderSession();
    expect(status()).toBe(
      'ready / role=admin / auth=true / admin=true / editor=false / canEdit=true',
    );
    expect(window.localStorage.getItem('userRole')).toBe('admin');
  });

  it('keeps a stored editor role when a token exists', async () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('userRole', 'editor');
    await renderSession();
    expect(status()).toBe(
      'ready / role=editor / auth=true / admin=false / editor=true / canEdit=true',
    );
  });

  it('drops a stored admin role to guest when there is no token', async () => {
    window.localStorage.setItem('userRole', 'admin');
    await renderSession();
    expect(status()).toBe(
      'ready / role=guest / auth=false / admin=false / editor=false / canEdit=false',
    );
    expect(window.localStorage.getItem('userRole')).toBe('guest');
  });

  it('setRole writes the role and re-checks whether a token is present', async () => {
    const user = userEvent.setup();
    await renderSession();

    await user.click(screen.getByRole('button', { name: 'set editor' }));
    expect(status()).toBe(
      'ready / role=editor / auth=false / admin=false / editor=true / canEdit=true',
    );
    expect(window.localStorage.getItem('userRole')).toBe('editor');

    window.localStorage.setItem('token', 'appeared-later');
    await user.click(screen.getByRole('button', { name: 'set admin' }));
    expect(status()).toBe(
      'ready / role=admin / auth=true / admin=true / editor=false / canEdit=true',
    );
    expect(window.localStorage.getItem('userRole')).toBe('admin');
  });

  it('login stores the token and makes an authenticated admin', async () => {
    const user = userEvent.setup();
    await renderSession();
    await user.click(screen.getByRole('button', { name: 'login' }));
    expect(status()).toBe(
      'ready / role=admin / auth=true / admin=true / editor=false / canEdit=true',
    );
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(window.localStorage.getItem('userRole')).toBe('admin');
  });

  it('logout removes the token and makes an unauthenticated guest', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('token', 't');
    await renderSession();
    await user.click(screen.getByRole('button', { name: 'logout' }));
    expect(status()).toBe(
      'ready / role=guest / auth=false / admin=false / editor=false / canEdit=false',
    );
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem('userRole')).toBe('guest'));
  });

  it('useSession outside the provider fails loudly', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useSession must be used inside <SessionProvider>.');
    spy.mockRestore();
  });

  it('survives storage that throws (private mode)', async () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    try {
      await renderSession();
      expect(status()).toBe(
        'ready / role=guest / auth=false / admin=false / editor=false / canEdit=false',
      );
      await act(async () => {
        screen.getByRole('button', { name: 'login' }).click();
      });
      expect(status()).toBe(
        'ready / role=admin / auth=true / admin=true / editor=false / canEdit=true',
      );
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });
});
