import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import type { ContactEnquiry, OutboxMessage, PersonalDataExport } from '@site/contracts';
import { AdminMenu } from '@/app/layout/admin-menu';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Inbox } from '../components/inbox';

const server = setupApiServer(
  http.get(`${API}/contact/unread`, () => HttpResponse.json({ unread: 0 })),
);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

const page = <T,>(items: T[], pageNumber = 1, total = items.length) => ({
  items,
  page: pageNumber,
  per_page: 20,
  total,
});

const enquiry = (id: number, name: string): ContactEnquiry => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone: '',
  company: 'Acme',
  message: `Hello from ${name}`,
  service: 'graph-rag',
  created_at: '2026-11-20T10:00:00Z',
  read_at: '2026-11-20T11:00:00Z',
});

const outboxMessage: OutboxMessage = {
  id: 1,
  to: 'ada@example.com',
  subject: 'Confirm your subscription',
  text: 'Click https://site.example/newsletter/confirm?token=abc to confirm.',
  html: null,
  headers: {},
  reason: 'no-smtp',
  created_at: '2026-11-21T08:30:00Z',
};

function signInAsAdmin() {
  window.localStorage.setItem('userRole', 'admin');
  server.use(
    http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'admin', role: 'admin' })),
  );
}

describe('Inbox', () => {
  it('denies visitors without a session and points them to /login', async () => {
    renderWithProviders(<Inbox />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in as admin' })).toHaveAttribute('href', '/login');
  });

  it('denies an editor once the server reports the role', async () => {
    window.localStorage.setItem('userRole', 'admin');
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ username: 'writer', role: 'editor' })),
      http.get(`${API}/contact/`, () =>
        HttpResponse.json({ detail: 'Admins only.' }, { status: 403 }),
      ),
    );
    renderWithProviders(<Inbox />);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('brings a clicked tab fully into view (the strip scrolls sideways on a phone)', async () => {
    signInAsAdmin();
    server.use(
      http.get(`${API}/contact/`, () => HttpResponse.json(page([]))),
      http.get(`${API}/outbox/`, () => HttpResponse.json(page([]))),
    );
    const scrolled: Element[] = [];
    // jsdom has no layout, so no scrollIntoView: record which element asks to be shown.
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    try {
      const user = userEvent.setup();
      renderWithProviders(<Inbox />);
      const outboxTab = await screen.findByRole('tab', { name: 'Outbox' });
      expect(scrolled).toEqual([]);
      await user.click(outboxTab);
      expect(outboxTab).toHaveAttribute('aria-selected', 'true');
      expect(scrolled).toEqual([outboxTab]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('lists enquiries newest first and pages through them', async () => {
    signInAsAdmin();
    const requested: string[] = [];
    server.use(
      http.get(`${API}/contact/`, ({ request }) => {
        const url = new URL(request.url);
        requested.push(url.search);
        expect(request.headers.get('authorization')).toBeNull();
        return url.searchParams.get('page') === '2'
          ? HttpResponse.json(page([enquiry(1, 'Grace')], 2, 21))
          : HttpResponse.json(page([enquiry(2, 'Ada')], 1, 21));
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Inbox />);

    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByText('Hello from Ada')).toBeInTheDocument();
    expect(screen.getByText('Graph RAG')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    expect(screen.getByText('Page 1 of 2 (21 in total)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Grace' })).toBeInTheDocument();
    expect(requested).toEqual(['?page=1&per_page=20', '?page=2&per_page=20']);
  });

  it('counts unread enquiries in the tab and marks them read or unread again', async () => {
    signInAsAdmin();
    let unread = 2;
    const marked: { id: number; read: boolean }[] = [];
    const fresh = (id: number, name: string) => ({ ...enquiry(id, name), read_at: null });
    server.use(
      http.get(`${API}/contact/unread`, () => HttpResponse.json({ unread })),
      http.get(`${API}/contact/`, () =>
        HttpResponse.json(page([fresh(2, 'Ada'), fresh(1, 'Grace')])),
      ),
      http.put(`${API}/contact/:id/read`, async ({ params, request }) => {
        const { read } = (await request.json()) as { read: boolean };
        const id = Number(params.id);
        marked.push({ id, read });
        unread += read ? -1 : 1;
        return HttpResponse.json({
          enquiry: {
            ...fresh(id, id === 2 ? 'Ada' : 'Grace'),
            read_at: read ? '2026-11-27T12:00:00Z' : null,
          },
          unread,
        });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Inbox />);
    expect(await screen.findByRole('tab', { name: 'Enquiries, 2 unread' })).toBeInTheDocument();
    expect(screen.getAllByText('New')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Mark the enquiry from Ada as read' }));
    expect(await screen.findByRole('tab', { name: 'Enquiries, 1 unread' })).toBeInTheDocument();
    expect(screen.getAllByText('New')).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Mark the enquiry from Ada as unread' }),
    ).toBeEnabled();

    // Replying from the inbox marks it read too.
    await user.click(screen.getByRole('link', { name: 'grace@example.com' }));
    expect(await screen.findByRole('tab', { name: 'Enquiries' })).toBeInTheDocument();
    expect(screen.queryByText('New')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark the enquiry from Ada as unread' }));
    expect(await screen.findByRole('tab', { name: 'Enquiries, 1 unread' })).toBeInTheDocument();
    expect(marked).toEqual([
      { id: 2, read: true },
      { id: 1, read: true },
      { id: 2, read: false },
    ]);
  });

  it('says so when an enquiry cannot be marked, and keeps it unread', async () => {
    signInAsAdmin();
    server.use(
      http.get(`${API}/contact/unread`, () => HttpResponse.json({ unread: 1 })),
      http.get(`${API}/contact/`, () =>
        HttpResponse.json(page([{ ...enquiry(2, 'Ada'), read_at: null }])),
      ),
      http.put(`${API}/contact/:id/read`, () =>
        HttpResponse.json(
          { detail: 'There is no such enquiry. It may have been erased.' },
          { status: 404 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<Inbox />);
    await user.click(
      await screen.findByRole('button', { name: 'Mark the enquiry from Ada as read' }),
    );
    expect(await screen.findByText('Could not mark the enquiry read')).toBeInTheDocument();
    expect(
      screen.getByText('There is no such enquiry. It may have been erased.'),
    ).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Enquiries, 1 unread' })).toBeInTheDocument();
  });

  it('shows the empty state and an error with a working retry', async () => {
    signInAsAdmin();
    let calls = 0;
    server.use(
      http.get(`${API}/contact/`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Database is busy.' }, { status: 503 })
          : HttpResponse.json(page([]));
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Inbox />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load enquiries');
    expect(alert).toHaveTextContent('Database is busy.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No enquiries yet')).toBeInTheDocument();
  });

  it('lists confirmed subscribers and downloads the CSV (the session cookie, no header)', async () => {
    signInAsAdmin();
    let csvAuth: string | null = 'not asked';
    server.use(
      http.get(`${API}/contact/`, () => HttpResponse.json(page([]))),
      http.get(`${API}/newsletter/subscribers`, () =>
        HttpResponse.json(
          page([
            {
              id: 1,
              email: 'reader@example.com',
              confirmed_at: '2026-11-20T09:00:00Z',
              consent_at: '2026-11-20T08:55:00Z',
              consent_source: '/blog/hello',
              consent_text: 'Weekly insights. No spam, unsubscribe anytime.',
            },
          ]),
        ),
      ),
      http.get(`${API}/newsletter/subscribers.csv`, ({ request }) => {
        csvAuth = request.headers.get('authorization');
        return new HttpResponse('email\nreader@example.com\n', {
          headers: { 'Content-Type': 'text/csv' },
        });
      }),
    );
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:csv');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);

    const user = userEvent.setup();
    renderWithProviders(<Inbox />);
    await user.click(await screen.findByRole('tab', { name: 'Subscribers' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'reader@example.com' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '/blog/hello' })).toBeInTheDocument();
    expect(screen.getByText('1 confirmed subscriber')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(csvAuth).toBeNull();
    await expect(createObjectURL.mock.calls[0]?.[0].text()).resolves.toBe(
      'email\nreader@example.com\n',
    );
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });

  it('shows kept mail in the outbox with an expandable body, reached by keyboard', async () => {
    signInAsAdmin();
    server.use(
      http.get(`${API}/contact/`, () => HttpResponse.json(page([]))),
      http.get(`${API}/outbox/`, () => HttpResponse.json(page([outboxMessage]))),
    );
    const user = userEvent.setup();
    renderWithProviders(<Inbox />);
    const enquiriesTab = await screen.findByRole('tab', { name: 'Enquiries' });
    expect(enquiriesTab).toHaveAttribute('aria-selected', 'true');
    enquiriesTab.focus();
    // End reaches the last tab (Personal data, which loads nothing); one step back is the outbox.
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Personal data' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    const outboxTab = screen.getByRole('tab', { name: 'Outbox' });
    expect(outboxTab).toHaveFocus();
    expect(outboxTab).toHaveAttribute('aria-selected', 'true');

    expect(
      await screen.findByRole('heading', { name: 'Confirm your subscription' }),
    ).toBeInTheDocument();
    expect(screen.getByText('To: ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('SMTP not configured')).toBeInTheDocument();
    expect(screen.queryByText(/newsletter\/confirm\?token=abc/)).toBeNull();
    await user.click(screen.getByText('Show message'));
    expect(await screen.findByText(/newsletter\/confirm\?token=abc/)).toBeVisible();
    // A text-only mail has no HTML part.
    expect(screen.queryByTitle(/HTML part/)).toBeNull();
  });

  it('shows a mail’s HTML part in a frame with every sandbox restriction, beside its text', async () => {
    signInAsAdmin();
    const html = '<!doctype html><p>Hello <strong>reader</strong></p><script>parent.x=1</script>';
    server.use(
      http.get(`${API}/contact/`, () => HttpResponse.json(page([]))),
      http.get(`${API}/outbox/`, () =>
        HttpResponse.json(
          page([{ ...outboxMessage, subject: 'Issue 1', text: 'Hello reader', html }]),
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<Inbox />);
    await user.click(await screen.findByRole('tab', { name: 'Outbox' }));
    await user.click(await screen.findByText('Show message'));
    const text = screen.getByRole('region', { name: 'Text part' });
    expect(within(text).getByText('Hello reader')).toBeVisible();
    const frame = within(screen.getByRole('region', { name: 'HTML part' })).getByTitle(
      'HTML part of “Issue 1”',
    );
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', html);
    expect(frame).not.toHaveAttribute('src');
  });
});

describe('Personal data', () => {
  const exported: PersonalDataExport = {
    email: 'ada@example.com',
    exported_at: '2026-11-22T09:00:00.000Z',
    enquiries: [enquiry(1, 'Ada')],
    subscription: {
      email: 'ada@example.com',
      status: 'confirmed',
      consent_at: '2026-11-01T09:00:00.000Z',
      consent_source: '/blog/hello',
      consent_text: 'Weekly insights.',
      confirmed_at: '2026-11-01T09:05:00.000Z',
      unsubscribed_at: null,
      created_at: '2026-11-01T09:00:00.000Z',
    },
    giveaway_entries: [],
    giveaway_claims: [
      {
        giveaway_id: 4,
        round: 1,
        full_name: 'Ada Lovelace',
        delivery_address: '1 Analytical Row',
        consent_at: '2026-11-20T10:00:00.000Z',
      },
    ],
    giveaway_handle_reports: [
      {
        giveaway_id: 4,
        giveaway_title: 'Win a lamp',
        instagram_handle: 'ada',
        note: null,
        created_at: '2026-11-20T10:00:00.000Z',
        handled_at: null,
      },
    ],
    mail: [outboxMessage, { ...outboxMessage, id: 2 }],
    newsletter_issues: [],
    staff_account: { username: 'ada', role: 'editor', created_at: '2026-11-02T09:00:00.000Z' },
    staff_invitations: [
      {
        role: 'editor',
        invited_by: 'owner',
        created_at: '2026-11-01T09:00:00.000Z',
        expires_at: '2026-11-08T09:00:00.000Z',
        used_at: '2026-11-02T09:00:00.000Z',
      },
    ],
  };

  async function openTab() {
    signInAsAdmin();
    server.use(http.get(`${API}/contact/`, () => HttpResponse.json(page([]))));
    const user = userEvent.setup();
    renderWithProviders(<Inbox />);
    await user.click(await screen.findByRole('tab', { name: 'Personal data' }));
    return user;
  }

  it('exports what is held about an address and offers it as a JSON file', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/personal-data/export`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(exported);
      }),
    );
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:json');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const user = await openTab();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      screen.getByText('Please enter the e-mail address the request is about.'),
    ).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(screen.getByLabelText(/E-mail address/), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const summary = await screen.findByRole('status');
    expect(summary).toHaveTextContent('Held about ada@example.com');
    expect(summary).toHaveTextContent('1 enquiry');
    expect(summary).toHaveTextContent('Newsletter: confirmed');
    expect(summary).toHaveTextContent('0 giveaway entries');
    expect(summary).toHaveTextContent('1 prize claim with delivery details');
    expect(summary).toHaveTextContent('1 report of a taken handle');
    expect(summary).toHaveTextContent('2 kept mails');
    expect(summary).toHaveTextContent('1 staff invitation');
    expect(summary).toHaveTextContent('Staff account: ada');
    expect(sent).toEqual({ email: 'ada@example.com' });

    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('personal-data-ada_example.com-2026-11-22.json');
    await expect(createObjectURL.mock.calls[0]?.[0].text()).resolves.toBe(
      JSON.stringify(exported, null, 2),
    );
  });

  it('erases only after confirmation and reports what went', async () => {
    const erased = jest.fn();
    server.use(
      http.post(`${API}/personal-data/erase`, async ({ request }) => {
        erased(await request.json());
        return HttpResponse.json({
          message: 'Everything held about that address has been erased.',
          enquiries: 1,
          subscriptions: 1,
          giveaway_entries_deleted: 2,
          giveaway_entries_anonymised: 1,
          giveaway_claims: 2,
          giveaway_handle_reports: 1,
          mail: 3,
          staff_invitations: 1,
          staff_account: null,
        });
      }),
    );
    const user = await openTab();
    await user.type(screen.getByLabelText(/E-mail address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Erase...' }));
    const dialog = await screen.findByRole('dialog', { name: "Erase this person's data?" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(erased).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Erase...' }));
    await user.click(await screen.findByRole('button', { name: 'Erase everything' }));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Everything held about that address has been erased.');
    expect(result).toHaveTextContent('2 giveaway entries deleted');
    expect(result).toHaveTextContent('1 entry of a drawn giveaway kept with a placeholder');
    expect(result).toHaveTextContent('Delivery details of 2 prize claims erased');
    expect(result).toHaveTextContent('1 report of a taken handle deleted');
    expect(result).toHaveTextContent('1 staff invitation deleted');
    expect(erased).toHaveBeenCalledWith({ email: 'ada@example.com' });
  });

  it('shows the server’s sentence when a request fails', async () => {
    server.use(
      http.post(`${API}/personal-data/export`, () =>
        HttpResponse.json(
          { detail: 'Please check the body: email must be an e-mail address.' },
          { status: 400 },
        ),
      ),
    );
    const user = await openTab();
    await user.type(screen.getByLabelText(/E-mail address/), 'a@b');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check the body: email must be an e-mail address.',
    );
  });
});

describe('Admin menu', () => {
  it('links the inbox right after Drafts', async () => {
    signInAsAdmin();
    const user = userEvent.setup();
    renderWithProviders(<AdminMenu />);
    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(links.indexOf('Drafts'), links.indexOf('Drafts') + 2)).toEqual([
      'Drafts',
      'Inbox',
    ]);
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/admin/inbox');
  });

  it('shows the unread count beside Inbox when the admin opens the menu', async () => {
    signInAsAdmin();
    server.use(http.get(`${API}/contact/unread`, () => HttpResponse.json({ unread: 4 })));
    const user = userEvent.setup();
    renderWithProviders(<AdminMenu />);
    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    expect(await screen.findByRole('link', { name: 'Inbox, 4 unread' })).toHaveAttribute(
      'href',
      '/admin/inbox',
    );
  });
});
