import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { api } from '@/lib/api-client';
import { API, setupApiServer } from '@/testing/api-server';
import { SessionProvider, useSession } from '../session-context';

const server = setupApiServer();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

function Probe() {
  const { role, isAuthenticated, isAdmin, logout } = useSession();
  return (
    <div>
      <p>role: {role}</p>
      <p>{isAuthenticated ? 'signed in' : 'signed out'}</p>
      {isAdmin ? <p>admin controls</p> : null}
      <button type="button" onClick={logout}>
        Log out
      </button>
    </div>
  );
}

function renderSession() {
  return render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

describe('session server check', () => {
  it('replaces the stored role with the role the server reports', async () => {
    window.localStorage.setItem('token', 'real');
    window.localStorage.setItem('userRole', 'admin');
    server.use(
      http.get(`${API}/auth/me`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer real'
          ? HttpResponse.json({ username: 'writer', role: 'editor' })
          : new HttpResponse(null, { status: 401 }),
      ),
    );
    renderSession();
    expect(await screen.findByText('role: editor')).toBeInTheDocument();
    expect(screen.queryByText('admin controls')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('userRole')).toBe('editor');
  });

  it('logs out when the server rejects a forged token', async () => {
    window.localStorage.setItem('token', 'forged');
    window.localStorage.setItem('userRole', 'admin');
    server.use(
      http.get(`${API}/auth/me`, () =>
        HttpResponse.json({ detail: 'Your session is not valid. Log in again.' }, { status: 401 }),
      ),
    );
    renderSession();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(screen.getByText('role: guest')).toBeInTheDocument();
    expect(screen.queryByText('admin controls')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('keeps the stored state when the server cannot be reached', async () => {
    window.localStorage.setItem('token', 'real');
    const asked = jest.fn(() => HttpResponse.error());
    server.use(http.get(`${API}/auth/me`, asked));
    renderSession();
    await waitFor(() => expect(asked).toHaveBeenCalled());
    expect(screen.getByText('admin controls')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('real');
  });

  it('asks nothing without a token', async () => {
    // An unexpected request would fail the test (onUnhandledRequest: "error").
    renderSession();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('logs out when any other call answers 401', async () => {
    window.localStorage.setItem('token', 'real');
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'admin', role: 'admin' })),
      http.get(`${API}/contact/`, () => new HttpResponse(null, { status: 401 })),
    );
    renderSession();
    expect(await screen.findByText('admin controls')).toBeInTheDocument();
    await act(() => api.get('/contact/').catch(() => undefined));
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('revokes the token on the server when logging out', async () => {
    window.localStorage.setItem('token', 'real');
    const revoked = jest.fn();
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'admin', role: 'admin' })),
      http.post(`${API}/auth/logout`, ({ request }) => {
        revoked(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderSession();
    await screen.findByText('admin controls');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(revoked).toHaveBeenCalledWith('Bearer real'));
  });
});
