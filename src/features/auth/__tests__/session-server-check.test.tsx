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
      <button type="button" onClick={() => void logout()}>
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
  it('replaces the stored role with the role the server reports, sending no credential of its own', async () => {
    window.localStorage.setItem('userRole', 'admin');
    let authorization: string | null = 'not asked';
    server.use(
      http.get(`${API}/auth/me`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ username: 'writer', role: 'editor' });
      }),
    );
    renderSession();
    expect(await screen.findByText('role: editor')).toBeInTheDocument();
    expect(screen.queryByText('admin controls')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('userRole')).toBe('editor');
    // The cookie travels by itself; the page adds nothing.
    expect(authorization).toBeNull();
  });

  it('shows a guest when the server has no session for this browser', async () => {
    window.localStorage.setItem('userRole', 'admin');
    server.use(
      http.get(`${API}/auth/me`, () =>
        HttpResponse.json(
          { detail: 'Your session has ended. Please log in again.' },
          { status: 401 },
        ),
      ),
    );
    renderSession();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(screen.getByText('role: guest')).toBeInTheDocument();
    expect(screen.queryByText('admin controls')).not.toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('userRole')).toBe('guest'));
  });

  it('keeps the hinted state when the server cannot be reached', async () => {
    window.localStorage.setItem('userRole', 'admin');
    const asked = jest.fn(() => HttpResponse.error());
    server.use(http.get(`${API}/auth/me`, asked));
    renderSession();
    await waitFor(() => expect(asked).toHaveBeenCalled());
    expect(screen.getByText('admin controls')).toBeInTheDocument();
  });

  it('asks nothing of a guest', async () => {
    // An unexpected request would fail the test (onUnhandledRequest: "error").
    renderSession();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('logs out when any other call answers 401', async () => {
    window.localStorage.setItem('userRole', 'admin');
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'admin', role: 'admin' })),
      http.get(`${API}/contact/`, () => new HttpResponse(null, { status: 401 })),
    );
    renderSession();
    expect(await screen.findByText('admin controls')).toBeInTheDocument();
    await act(() => api.get('/contact/').catch(() => undefined));
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('ends the session on the server when logging out', async () => {
    window.localStorage.setItem('userRole', 'admin');
    const ended = jest.fn();
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'admin', role: 'admin' })),
      http.post(`${API}/auth/logout`, () => {
        ended();
        return HttpResponse.json({ message: 'You are logged out.' });
      }),
    );
    renderSession();
    await screen.findByText('admin controls');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
