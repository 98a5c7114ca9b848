import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import { delay, http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LoginForm } from '../components/login-form';
import { useSession } from '../session-context';

const server = setupApiServer();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  window.localStorage.clear();
  jest.mocked(navigate).mockClear();
  jest.restoreAllMocks();
});

function RoleProbe() {
  const { role, isAuthenticated } = useSession();
  return <p>{isAuthenticated ? `signed in as ${role}` : 'signed out'}</p>;
}

function renderLogin() {
  renderWithProviders(
    <>
      <LoginForm />
      <RoleProbe />
    </>,
  );
  return userEvent.setup();
}

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  username: string,
  password: string,
) {
  if (username) await user.type(screen.getByLabelText(/Username/), username);
  if (password) await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('requires both fields and sends nothing until they are filled', async () => {
    const user = renderLogin();
    const requested = jest.fn();
    server.use(http.post(`${API}/auth/login`, requested));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(requested).not.toHaveBeenCalled();
  });

  it('logs in: form-encoded credentials, Logging in..., no token kept, toast, /giveaway/admin', async () => {
    const user = renderLogin();
    let sent: URLSearchParams | undefined;
    let meAuthorization: string | null = 'not asked';
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        sent = new URLSearchParams(await request.text());
        await delay(50);
        return HttpResponse.json({ access_token: 'jwt-1', token_type: 'bearer', expires_in: 3600 });
      }),
      http.get(`${API}/auth/me`, ({ request }) => {
        meAuthorization = request.headers.get('authorization');
        return HttpResponse.json({ username: 'admin', role: 'admin' });
      }),
    );
    await fillAndSubmit(user, 'admin', 'correct horse');

    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(sent?.get('username')).toBe('admin');
    expect(sent?.get('password')).toBe('correct horse');
    // The session is the cookie the answer set: the page neither stores nor sends the token.
    expect(meAuthorization).toBeNull();
    expect({ ...window.localStorage }).toEqual({ userRole: 'admin' });
    expect(screen.getByText('signed in as admin')).toBeInTheDocument();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/giveaway/admin'));
  });

  it('takes the role from the server for a non-admin account', async () => {
    const user = renderLogin();
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ access_token: 'jwt-2', token_type: 'bearer', expires_in: 3600 }),
      ),
      http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'writer', role: 'editor' })),
    );
    await fillAndSubmit(user, 'writer', 'pw');
    expect(await screen.findByText('signed in as editor')).toBeInTheDocument();
    // An editor lands on the drafts, where they work.
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin/drafts'));
  });

  it.each([
    ['?next=%2Fadmin%2Finbox', '/admin/inbox'],
    ['?next=https%3A%2F%2Fevil.example%2F', '/giveaway/admin'],
    ['?next=%2F%2Fevil.example', '/giveaway/admin'],
    ['?next=%2F%5Cevil.example', '/giveaway/admin'],
  ])('after a login asked for by a page (%s) goes to %s', async (search, expected) => {
    window.history.replaceState(null, '', `/login${search}`);
    const user = renderLogin();
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ access_token: 'jwt-4', token_type: 'bearer', expires_in: 3600 }),
      ),
      http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'admin', role: 'admin' })),
    );
    await fillAndSubmit(user, 'admin', 'pw');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(expected));
    window.history.replaceState(null, '', '/');
  });

  it('draws the smaller menu when the role cannot be read right after logging in', async () => {
    const user = renderLogin();
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ access_token: 'jwt-3', token_type: 'bearer', expires_in: 3600 }),
      ),
      http.get(`${API}/auth/me`, () => HttpResponse.error()),
    );
    await fillAndSubmit(user, 'admin', 'pw');
    expect(await screen.findByText('signed in as editor')).toBeInTheDocument();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin/drafts'));
  });

  it('shows the failure toast on wrong credentials, stays on the page and stores nothing', async () => {
    const user = renderLogin();
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ detail: 'Incorrect username or password.' }, { status: 401 }),
      ),
    );
    await fillAndSubmit(user, 'admin', 'wrong');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Invalid username or password');
    expect(toast).not.toHaveTextContent('Incorrect');
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('userRole')).not.toBe('admin');
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('says why when the login is throttled', async () => {
    const user = renderLogin();
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json(
          { detail: 'Too many login attempts. Try again in 15 minutes.' },
          { status: 429 },
        ),
      ),
    );
    await fillAndSubmit(user, 'admin', 'wrong');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Invalid username or password');
    expect(toast).toHaveTextContent('Too many login attempts. Try again in 15 minutes.');
  });
});
