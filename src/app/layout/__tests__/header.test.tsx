import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Header } from '../header';

const NAV = [
  ['Home', '/'],
  ['Services', '/services'],
  ['Pricing', '/pricing'],
  ['Vibe Projects', '/projects'],
  ['Giveaway', '/giveaway'],
  ['Blog', '/blog'],
  ['About', '/about'],
] as const;

const server = setupApiServer();

/** The server confirms whichever role is hinted, as it would for a live session cookie. */
function serverConfirmsStoredRole() {
  server.use(
    http.get(`${API}/auth/me`, () =>
      HttpResponse.json({
        username: 'owner',
        role: window.localStorage.getItem('userRole') ?? 'admin',
      }),
    ),
    http.post(`${API}/auth/logout`, () => HttpResponse.json({ message: 'You are logged out.' })),
    http.post(`${API}/auth/logout-all`, () =>
      HttpResponse.json({ message: 'You are logged out everywhere (2 sessions ended).' }),
    ),
  );
}

/** jsdom cannot navigate; links are checked by href, so following them is a no-op here. */
function preventNavigation(event: MouseEvent) {
  if ((event.target as Element | null)?.closest('a[href]')) event.preventDefault();
}

beforeEach(() => {
  window.localStorage.clear();
  jest.mocked(navigate).mockClear();
  serverConfirmsStoredRole();
  document.addEventListener('click', preventNavigation);
});

afterEach(() => document.removeEventListener('click', preventNavigation));

describe('Header', () => {
  it('links the brand home and lists every main navigation link', () => {
    renderWithProviders(<Header pathname="/" />);

    expect(screen.getByRole('link', { name: 'AgentWorks' })).toHaveAttribute('href', '/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    const links = within(main).getAllByRole('link');
    // Contact Us closes the list as the menu's last link (hidden from 1024px, where the bar's
    // button stands beside the list; jsdom applies no media queries).
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ...NAV,
      ['Contact Us', '/contact'],
    ]);
    // One navigation, not a second copy for small screens.
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
  });

  it('shows Contact Us as a link to /contact', () => {
    renderWithProviders(<Header pathname="/" />);
    const links = screen.getAllByRole('link', { name: 'Contact Us' });
    // The bar's button and the menu's last link.
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/contact');
  });

  it('marks the current page and the section of nested pages', () => {
    const { rerender } = renderWithProviders(<Header pathname="/pricing" />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    rerender(<Header pathname="/blog/some-post" />);
    expect(within(main).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  describe('mobile menu', () => {
    // A native popover: opening, Escape and closing on a link are the browser's (jsdom has no
    // popovers), checked in e2e/shell.spec.ts and e2e/keyboard.spec.ts; here, the wiring.
    it('is the main navigation itself, a popover the Menu button controls', () => {
      renderWithProviders(<Header pathname="/" />);
      const toggle = screen.getByRole('button', { name: 'Menu' });
      const panel = document.getElementById(toggle.getAttribute('popovertarget') ?? '');
      expect(panel).toHaveAttribute('popover', 'auto');
      expect(toggle).toHaveAttribute('aria-controls', panel?.id);
      expect(panel).toBe(screen.getByRole('navigation', { name: 'Main' }));
    });

    it('closes when the route changes inside the app', () => {
      const { rerender } = renderWithProviders(<Header pathname="/" />);
      const panel = document.getElementById('mobile-menu') as HTMLElement & {
        hidePopover: () => void;
      };
      panel.hidePopover = jest.fn();
      rerender(<Header pathname="/about" />);
      expect(panel.hidePopover).toHaveBeenCalled();
    });
  });

  describe('admin menu', () => {
    it('is absent for visitors without a session', () => {
      renderWithProviders(<Header pathname="/" />);
      expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    });

    it('offers an authenticated editor the writing screens and their account only, under "Editor"', async () => {
      const user = userEvent.setup();
      window.localStorage.setItem('userRole', 'editor');
      renderWithProviders(<Header pathname="/" />);

      const toggle = await screen.findByRole('button', { name: 'Editor' });
      expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
      await user.click(toggle);
      const panel = screen.getByRole('list', { name: 'Editor' });
      expect(
        within(panel)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['New Post', '/blog/new'],
        ['Drafts', '/admin/drafts'],
        ['Account', '/account'],
      ]);
      expect(within(panel).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Log out everywhere' })).toBeInTheDocument();
    });

    it('offers New Post, Drafts and Logout to an admin, and Logout signs out and goes home', async () => {
      const user = userEvent.setup();
      window.localStorage.setItem('userRole', 'admin');
      renderWithProviders(<Header pathname="/" />);

      const toggle = await screen.findByRole('button', { name: 'Admin' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');

      expect(screen.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/blog/new');
      expect(screen.getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/admin/drafts');

      await user.click(screen.getByRole('button', { name: 'Logout' }));

      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument(),
      );
      expect(window.localStorage.getItem('userRole')).toBe('guest');
    });

    it('Log out everywhere ends every session on the server, then signs out', async () => {
      const user = userEvent.setup();
      const ended = jest.fn();
      server.use(
        http.post(`${API}/auth/logout-all`, () => {
          ended();
          return HttpResponse.json({
            message: 'You are logged out everywhere (2 sessions ended).',
          });
        }),
      );
      window.localStorage.setItem('userRole', 'admin');
      renderWithProviders(<Header pathname="/" />);
      await user.click(await screen.findByRole('button', { name: 'Admin' }));
      await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));
      expect(await screen.findByText('You are logged out on every device')).toBeInTheDocument();
      expect(ended).toHaveBeenCalledTimes(1);
      expect(navigate).toHaveBeenCalledWith('/');
      expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    });

    it('says so, and stays signed in, when logging out cannot reach the server', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const user = userEvent.setup();
      server.use(http.post(`${API}/auth/logout`, () => HttpResponse.error()));
      window.localStorage.setItem('userRole', 'admin');
      renderWithProviders(<Header pathname="/" />);
      await user.click(await screen.findByRole('button', { name: 'Admin' }));
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      expect(await screen.findByText('Could not log out')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Admin' })).toBeInTheDocument();
      expect(navigate).not.toHaveBeenCalledWith('/');
    });

    it('closes on Escape (focus back on the toggle) and on a click outside', async () => {
      const user = userEvent.setup();
      window.localStorage.setItem('userRole', 'admin');
      renderWithProviders(<Header pathname="/" />);
      const toggle = await screen.findByRole('button', { name: 'Admin' });

      await user.click(toggle);
      await user.keyboard('{ArrowDown}');
      expect(screen.getByRole('link', { name: 'New Post' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
      expect(screen.queryByRole('link', { name: 'New Post' })).not.toBeInTheDocument();

      await user.click(toggle);
      await user.click(screen.getByRole('link', { name: 'AgentWorks' }));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
