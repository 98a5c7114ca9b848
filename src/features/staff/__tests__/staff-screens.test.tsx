import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import type { StaffListResponse } from '@site/contracts';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AcceptInvite } from '../components/accept-invite';
import { AccountSettings } from '../components/account-settings';
import { StaffAdmin } from '../components/staff-admin';

const server = setupApiServer();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

function signedInAs(role: 'admin' | 'editor', username = 'boss') {
  window.localStorage.setItem('userRole', role);
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ username, role })));
}

const staff = (): StaffListResponse => ({
  users: [
    {
      username: 'boss',
      role: 'admin',
      created_at: '2026-11-01T09:00:00Z',
      last_login_at: '2026-11-23T10:00:00Z',
    },
    { username: 'writer', role: 'editor', created_at: '2026-11-02T09:00:00Z', last_login_at: null },
  ],
  invitations: [
    {
      id: 7,
      email: 'new@example.com',
      role: 'editor',
      invited_by: 'boss',
      created_at: '2026-11-23T09:00:00Z',
      expires_at: '2026-11-26T09:00:00Z',
    },
  ],
});

describe('/admin/users', () => {
  it('refuses editors', async () => {
    signedInAs('editor', 'writer');
    renderWithProviders(<StaffAdmin />);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument(),
    );
  });

  it('lists staff with role and last login, and open invitations; your own account has no Remove', async () => {
    signedInAs('admin');
    server.use(http.get(`${API}/staff/users`, () => HttpResponse.json(staff())));
    renderWithProviders(<StaffAdmin />);
    const list = await screen.findByRole('list', { name: 'Staff accounts' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText(/Last login:\s*never/)).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Role of writer')).toHaveValue('editor');
    await waitFor(() => expect(within(rows[0]!).getByText('You')).toBeInTheDocument());
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove writer' })).toBeInTheDocument();
    const invites = screen.getByRole('list', { name: 'Open invitations' });
    expect(within(invites).getByText('new@example.com')).toBeInTheDocument();
  });

  it('invites by e-mail with a role, after checking the address', async () => {
    signedInAs('admin');
    let body: unknown;
    server.use(
      http.get(`${API}/staff/users`, () => HttpResponse.json(staff())),
      http.post(`${API}/staff/invitations`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { ...staff().invitations[0], id: 8, email: 'ada@example.com', role: 'admin' },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<StaffAdmin />);
    const email = await screen.findByLabelText(/E-mail address/);
    await user.type(email, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.selectOptions(screen.getByLabelText(/^Role$/), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/We sent a link to ada@example.com/)).toBeInTheDocument();
    expect(body).toEqual({ email: 'ada@example.com', role: 'admin' });
  });

  it('shows the server’s sentence when the last admin would be demoted', async () => {
    signedInAs('admin');
    server.use(
      http.get(`${API}/staff/users`, () => HttpResponse.json(staff())),
      http.patch(`${API}/staff/users/boss`, () =>
        HttpResponse.json(
          {
            detail: '"boss" is the last admin and must stay one; make someone else an admin first.',
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<StaffAdmin />);
    await user.selectOptions(await screen.findByLabelText('Role of boss'), 'editor');
    expect(await screen.findByRole('alert')).toHaveTextContent(/last admin/);
    // The list is reloaded from the server, which still says admin.
    await waitFor(() => expect(screen.getByLabelText('Role of boss')).toHaveValue('admin'));
  });

  it('removes an account after confirming', async () => {
    signedInAs('admin');
    let removed = false;
    server.use(
      http.get(`${API}/staff/users`, () => {
        const data = staff();
        return HttpResponse.json(removed ? { ...data, users: data.users.slice(0, 1) } : data);
      }),
      http.delete(`${API}/staff/users/writer`, () => {
        removed = true;
        return HttpResponse.json({ message: 'Removed writer; their sessions have ended.' });
      }),
    );
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderWithProviders(<StaffAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Remove writer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Removed writer');
    await waitFor(() => expect(screen.queryByLabelText('Role of writer')).toBeNull());
  });
});

describe('/accept-invite', () => {
  it('says why a used or expired link cannot be used', async () => {
    server.use(
      http.post(`${API}/staff/invitations/check`, () =>
        HttpResponse.json(
          { detail: 'This invitation has expired (links work for 72 hours).' },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<AcceptInvite search="?token=abc" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired/);
  });

  it('without a token asks for the link from the e-mail', async () => {
    renderWithProviders(<AcceptInvite search="" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/link from your invitation/);
  });

  it('sets the username and password, checking both passwords match', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/staff/invitations/check`, () =>
        HttpResponse.json({
          email: 'ada@example.com',
          role: 'editor',
          expires_at: '2026-11-26T09:00:00Z',
        }),
      ),
      http.post(`${API}/staff/invitations/accept`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            message: 'Your account "ada" is ready, and you are signed in.',
            username: 'ada',
            role: 'editor',
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AcceptInvite search="?token=tok-1" />);
    expect(await screen.findByText(/invited as an editor \(ada@example.com\)/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'a-long-password');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a-different-one');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('The two passwords differ')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your account is ready');
    // Signed in at once: an editor goes on to the drafts.
    expect(screen.getByRole('status')).toHaveTextContent('you are signed in');
    expect(screen.getByRole('link', { name: 'Go to your drafts' })).toHaveAttribute(
      'href',
      '/admin/drafts',
    );
    expect(window.localStorage.getItem('userRole')).toBe('editor');
    expect(body).toEqual({ token: 'tok-1', username: 'ada', password: 'a-long-password' });
  });
});

const ACCOUNT_HANDLERS = [
  http.get(`${API}/auth/me`, () =>
    HttpResponse.json({ username: 'writer', role: 'editor', email: 'writer@example.com' }),
  ),
  http.get(`${API}/auth/sessions`, () =>
    HttpResponse.json({
      items: [
        {
          id: 's1',
          created_at: '2026-11-27T08:00:00Z',
          last_used_at: '2026-11-27T09:00:00Z',
          expires_at: '2026-11-27T16:00:00Z',
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
          current: true,
        },
        {
          id: 's2',
          created_at: '2026-11-26T08:00:00Z',
          last_used_at: '2026-11-26T09:00:00Z',
          expires_at: '2026-11-27T16:00:00Z',
          user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
          current: false,
        },
      ],
    }),
  ),
];

describe('/account', () => {
  it('shows the e-mail and the sessions, and logs out this device only', async () => {
    signedInAs('editor', 'writer');
    let loggedOut = '';
    server.use(
      ...ACCOUNT_HANDLERS,
      http.post(`${API}/auth/logout`, () => {
        loggedOut = 'this device';
        return HttpResponse.json({ message: 'You are logged out.' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AccountSettings />);
    expect(await screen.findByText('writer@example.com')).toBeInTheDocument();
    const sessions = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sessions).getByText(/this device/)).toBeInTheDocument();
    expect(within(sessions).getByText('Safari on iOS')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out this device' }));
    await waitFor(() => expect(loggedOut).toBe('this device'));
  });

  it('changes the own password and says other sessions ended; a wrong current password is shown', async () => {
    signedInAs('editor', 'writer');
    let calls = 0;
    server.use(
      ...ACCOUNT_HANDLERS,
      http.post(`${API}/auth/password`, async ({ request }) => {
        calls += 1;
        const body = (await request.json()) as { current_password: string };
        if (body.current_password !== 'old-password-1')
          return HttpResponse.json(
            { detail: 'Your current password is not correct.' },
            { status: 400 },
          );
        return HttpResponse.json({ access_token: 't', token_type: 'bearer', expires_in: 60 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AccountSettings />);
    await screen.findByText('writer@example.com');
    await user.type(await screen.findByLabelText(/^Current password/), 'wrong');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-123');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'new-password-123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your current password is not correct.',
    );
    await user.clear(screen.getByLabelText(/^Current password/));
    await user.type(screen.getByLabelText(/^Current password/), 'old-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Every other session/)).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('asks visitors to log in', async () => {
    renderWithProviders(<AccountSettings />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });
});
