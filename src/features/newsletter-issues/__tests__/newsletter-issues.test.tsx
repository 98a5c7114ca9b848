import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import type { NewsletterIssue, NewsletterIssuePreview } from '@site/contracts';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EmailToSubscribers } from '../components/email-to-subscribers';
import { IssueList } from '../components/issue-list';

const server = setupApiServer();

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const issue = (over: Partial<NewsletterIssue> = {}): NewsletterIssue => ({
  id: 3,
  slug: 'agents-that-ship',
  subject: 'Agents that ship',
  post_url: 'https://site.example/blog/agents-that-ship',
  status: 'sending',
  created_by: 'dana',
  created_at: '2026-11-23T09:00:00Z',
  finished_at: null,
  recipients: 100,
  queued: 60,
  sent: 37,
  failed: 2,
  skipped: 1,
  cancelled: 0,
  ...over,
});

const preview = (over: Partial<NewsletterIssuePreview> = {}): NewsletterIssuePreview => ({
  slug: 'agents-that-ship',
  subject: 'Agents that ship',
  post_url: 'https://site.example/blog/agents-that-ship',
  recipients: 100,
  test_address: 'dana@example.com',
  issue: null,
  ...over,
});

describe('IssueList (inbox tab)', () => {
  it('shows each issue’s sent / failed / queued counts and a progress bar', async () => {
    server.use(
      http.get(`${API}/newsletter/issues/`, () =>
        HttpResponse.json({
          items: [issue(), issue({ id: 2, subject: 'Older', status: 'sent', queued: 0, sent: 98 })],
        }),
      ),
    );
    renderWithProviders(<IssueList />);
    const list = await screen.findByRole('list', { name: 'Newsletter issues' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Sending')).toBeInTheDocument();
    const counts = within(first!)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(counts).toEqual(['37', '2', '60', '1']);
    expect(within(first!).getByRole('progressbar')).toHaveAttribute('value', '40');
    expect(within(first!).getByRole('button', { name: 'Cancel sending' })).toBeInTheDocument();
    expect(within(second!).getByText('Finished')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Cancel sending' })).toBeNull();
  });

  it('cancels an issue that is still sending after confirming', async () => {
    let cancelled = false;
    server.use(
      http.get(`${API}/newsletter/issues/`, () => HttpResponse.json({ items: [issue()] })),
      http.post(`${API}/newsletter/issues/3/cancel`, () => {
        cancelled = true;
        return HttpResponse.json(issue({ status: 'cancelled', queued: 0, cancelled: 60 }));
      }),
    );
    const confirm = jest
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderWithProviders(<IssueList />);
    await user.click(await screen.findByRole('button', { name: 'Cancel sending' }));
    expect(cancelled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel sending' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('Not sent (cancelled)')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('shows the server’s sentence when cancelling is refused', async () => {
    server.use(
      http.get(`${API}/newsletter/issues/`, () => HttpResponse.json({ items: [issue()] })),
      http.post(`${API}/newsletter/issues/3/cancel`, () =>
        HttpResponse.json(
          { detail: 'Issue 3 is no longer sending (it is sent).' },
          { status: 409 },
        ),
      ),
    );
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderWithProviders(<IssueList />);
    await user.click(await screen.findByRole('button', { name: 'Cancel sending' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('no longer sending');
  });
});

describe('EmailToSubscribers (for the desk)', () => {
  it('sends a test to me first, then the issue, then shows its progress', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${API}/newsletter/issues/preview/agents-that-ship`, () =>
        HttpResponse.json(preview()),
      ),
      http.post(`${API}/newsletter/issues/test`, async ({ request }) => {
        calls.push(`test ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ message: 'A test was sent to dana@example.com.' });
      }),
      http.post(`${API}/newsletter/issues/`, async ({ request }) => {
        calls.push(`send ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(issue({ sent: 0, failed: 0, skipped: 0, queued: 100 }), {
          status: 201,
        });
      }),
    );
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderWithProviders(<EmailToSubscribers slug="agents-that-ship" />);
    await user.click(
      await screen.findByRole('button', { name: 'Send a test to me (dana@example.com)' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A test was sent to dana@example.com.',
    );
    await user.click(screen.getByRole('button', { name: 'Email to 100 subscribers' }));
    expect(await screen.findByRole('progressbar')).toHaveAttribute('value', '0');
    expect(screen.getByRole('button', { name: 'Cancel sending' })).toBeInTheDocument();
    expect(calls).toEqual(['test {"slug":"agents-that-ship"}', 'send {"slug":"agents-that-ship"}']);
  });

  it('asks where to send the test when the account has no address', async () => {
    let body: unknown;
    server.use(
      http.get(`${API}/newsletter/issues/preview/agents-that-ship`, () =>
        HttpResponse.json(preview({ test_address: null })),
      ),
      http.post(`${API}/newsletter/issues/test`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'A test to me@example.com was kept in the outbox.' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<EmailToSubscribers slug="agents-that-ship" />);
    const button = await screen.findByRole('button', { name: 'Send a test' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/Send the test to/), 'me@example.com');
    await user.click(button);
    await waitFor(() => expect(body).toEqual({ slug: 'agents-that-ship', to: 'me@example.com' }));
  });

  it('shows the issue already sent for the post instead of offering to send again', async () => {
    server.use(
      http.get(`${API}/newsletter/issues/preview/agents-that-ship`, () =>
        HttpResponse.json(preview({ issue: issue({ status: 'sent', queued: 0, sent: 97 }) })),
      ),
    );
    renderWithProviders(<EmailToSubscribers slug="agents-that-ship" />);
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Email to/ })).toBeNull();
  });

  it('says why a post cannot be mailed', async () => {
    server.use(
      http.get(`${API}/newsletter/issues/preview/code-post`, () =>
        HttpResponse.json({ detail: '"code-post" is an MDX post: MDX is code.' }, { status: 409 }),
      ),
    );
    renderWithProviders(<EmailToSubscribers slug="code-post" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('MDX is code');
  });
});
