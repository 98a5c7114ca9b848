import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import React, { useState } from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { SessionProvider, stateFromHint, useSession } from '../session-context';

/** Shows the session as text and exposes its actions as buttons, like a page would use it. */
function Probe() {
  const session = useSession();
  const [problem, setProblem] = useState('');
  const run = (action: () => Promise<void>) => () => {
    setProblem('');
    action().catch((error: Error) => setProblem(error.message));
  };
  return (
    <div>
      <p>
        {session.ready ? 'ready' : 'checking'} / role={session.role} / auth=
        {String(session.isAuthenticated)} / admin={String(session.isAdmin)} / editor=
        {String(session.isEditor)} / canEdit={String(session.canEdit)}
      </p>
      <button type="button" onClick={() => session.login('admin')}>
        login admin
      </button>
      <button type="button" onClick={() => session.login('editor')}>
        login editor
      </button>
      <button type="button" onClick={run(session.logout)}>
        logout
      </button>
      <button type="button" onClick={run(session.logoutEverywhere)}>
        logout everywhere
      </button>
      {problem ? <p role="alert">{problem}</p> : null}
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
const GUEST = 'ready / role=guest / auth=false / admin=false / editor=false / canEdit=false';
const ADMIN = 'ready / role=admin / auth=true / admin=true / editor=false / canEdit=true';

const server = setupApiServer();

/**
 * The server's role check (session-server-check.test.tsx) is held pending here, so these tests see
 * exactly what the stored hint produces on its own.
 */
beforeEach(() => {
  window.localStorage.clear();
  server.use(
    http.get(`${API}/auth/me`, async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
});

describe('the stored hint (pure)', () => {
  it('a staff role suggests a session; anything else is a guest', () => {
    expect(stateFromHint('editor')).toEqual({ role: 'editor', isAuthenticated: true });
    expect(stateFromHint('admin')).toEqual({ role: 'admin', isAuthenticated: true });
    expect(stateFromHint('guest')).toEqual({ role: 'guest', isAuthenticated: false });
    expect(stateFromHint(null)).toEqual({ role: 'guest', isAuthenticated: false });
    expect(stateFromHint('superuser')).toEqual({ role: 'guest', isAuthenticated: false });
  });
});

describe('SessionProvider', () => {
  it('is a guest, unauthenticated, with nothing stored', async () => {
    await renderSession();
    expect(status()).toBe(GUEST);
    expect(window.localStorage.getItem('userRole')).toBe('guest');
  });

  it('does not write the stored hint again when the role is unchanged', async () => {
    window.localStorage.setItem('userRole', 'guest');
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    try {
      await renderSession();
      expect(status()).toBe(GUEST);
      expect(setItem).not.toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
    }
  });

  it('reports not ready on the first render so role-dependent UI can wait', () => {
    window.localStorage.setItem('userRole', 'admin');
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

  it('draws a stored staff role while the server is asked', async () => {
    window.localStorage.setItem('userRole', 'editor');
    await renderSession();
    expect(status()).toBe(
      'ready / role=editor / auth=true / admin=false / editor=true / canEdit=true',
    );
  });

  it('removes a token left in storage by an earlier version, and never treats it as a session', async () => {
    window.localStorage.setItem('token', 'old.bearer.token');
    await renderSession();
    expect(status()).toBe(GUEST);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('login draws the role the server reported and keeps only that hint', async () => {
    const user = userEvent.setup();
    await renderSession();
    await user.click(screen.getByRole('button', { name: 'login admin' }));
    expect(status()).toBe(ADMIN);
    expect({ ...window.localStorage }).toEqual({ userRole: 'admin' });
  });

  it('logout ends the session on the server, then shows a guest', async () => {
    const ended = jest.fn();
    server.use(
      http.post(`${API}/auth/logout`, () => {
        ended();
        return HttpResponse.json({ message: 'You are logged out.' });
      }),
    );
    const user = userEvent.setup();
    window.localStorage.setItem('userRole', 'admin');
    await renderSession();
    await user.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(status()).toBe(GUEST));
    expect(ended).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(window.localStorage.getItem('userRole')).toBe('guest'));
  });

  it('log out everywhere asks the server to end every session', async () => {
    const ended = jest.fn();
    server.use(
      http.post(`${API}/auth/logout-all`, () => {
        ended();
        return HttpResponse.json({ message: 'You are logged out everywhere (2 sessions ended).' });
      }),
    );
    const user = userEvent.setup();
    window.localStorage.setItem('userRole', 'admin');
    await renderSession();
    await user.click(screen.getByRole('button', { name: 'logout everywhere' }));
    await waitFor(() => expect(status()).toBe(GUEST));
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a session that had already ended (401) logs out all the same', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(`${API}/auth/logout`, () => new HttpResponse(null, { status: 401 })));
    const user = userEvent.setup();
    window.localStorage.setItem('userRole', 'admin');
    await renderSession();
    await user.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(status()).toBe(GUEST));
    jest.restoreAllMocks();
  });

  it('when the server cannot be reached, logout says so and does not pretend', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.error()));
    const user = userEvent.setup();
    window.localStorage.setItem('userRole', 'admin');
    await renderSession();
    await user.click(screen.getByRole('button', { name: 'logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not reach the server/);
    expect(status()).toBe(ADMIN);
    jest.restoreAllMocks();
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
      expect(status()).toBe(GUEST);
      await act(async () => {
        screen.getByRole('button', { name: 'login admin' }).click();
      });
      expect(status()).toBe(ADMIN);
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });
});
