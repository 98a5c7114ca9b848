import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import type { DraftSchedule, DraftScheduleWrite } from '@site/contracts';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DraftEditor } from '../components/draft-editor';
import { DraftsRoute } from '../components/drafts-route';
import { EditorAccess } from '../components/editor-access';
import { scheduleSentence, suggestedTime, wallTimeIn } from '../components/schedule';
import { draft, mockCategories, signIn } from './fixtures';

const server = setupApiServer();
const ZONE = 'Europe/Berlin';

beforeEach(() => {
  mockCategories();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/admin/drafts/7');
});
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

const scheduled = (patch: Partial<DraftSchedule> = {}): DraftSchedule => ({
  draft_id: 7,
  title: 'Tables and Code',
  slug: 'tables-and-code',
  replaces_slug: null,
  publish_at: '2099-12-01T10:30:00.000Z',
  local_time: '2099-12-01T11:30',
  scheduled_by: 'dana',
  scheduled_at: '2026-11-22T09:00:00.000Z',
  status: 'waiting',
  failure: null,
  ...patch,
});

function renderEditor() {
  return renderWithProviders(
    <EditorAccess>
      <DraftEditor draftId={7} />
    </EditorAccess>,
  );
}

describe('times on the site’s clock', () => {
  it('reads a moment as a clock in the site’s zone shows it, and suggests a time ahead', () => {
    const at = new Date('2026-12-01T09:05:00Z');
    expect(wallTimeIn(ZONE, at)).toBe('2026-12-01T10:05');
    expect(wallTimeIn('America/New_York', at)).toBe('2026-12-01T04:05');
    expect(suggestedTime(ZONE, at)).toBe('2026-12-01T12:00');
    expect(suggestedTime(ZONE, new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01T01:00');
  });

  it('says what will happen, or why it did not', () => {
    expect(scheduleSentence(scheduled(), ZONE)).toBe(
      'Publishes itself on Dec 1, 2099, 11:30 AM GMT+1 (Europe/Berlin), as it is saved then (scheduled by dana).',
    );
    expect(
      scheduleSentence(
        scheduled({ status: 'failed', failure: 'This draft cannot be published yet: x.' }),
        ZONE,
      ),
    ).toMatch(
      /^Was due on Dec 1, 2099, 11:30 AM GMT\+1 \(Europe\/Berlin\) but was not published: This draft cannot be published yet: x\./,
    );
  });
});

describe('Publish at… in the editor', () => {
  it('schedules a saved draft at a time typed on the site’s clock, then offers Move and Cancel', async () => {
    signIn(server);
    const sent: DraftScheduleWrite[] = [];
    let current: DraftSchedule | null = null;
    server.use(
      http.get(`${API}/drafts/7`, () => HttpResponse.json(draft())),
      http.get(`${API}/drafts/7/schedule`, () =>
        HttpResponse.json({ time_zone: ZONE, schedule: current }),
      ),
      http.put(`${API}/drafts/7/schedule`, async ({ request }) => {
        const body = (await request.json()) as DraftScheduleWrite;
        sent.push(body);
        if (body.publish_at === '2020-01-01T10:00') {
          return HttpResponse.json(
            {
              detail:
                'Jan 1, 2020, 10:00 AM GMT+1 has already passed; choose a time in the future.',
            },
            { status: 400 },
          );
        }
        current = scheduled({ local_time: body.publish_at });
        return HttpResponse.json({ time_zone: ZONE, schedule: current });
      }),
      http.delete(`${API}/drafts/7/schedule`, () => {
        current = null;
        return HttpResponse.json({ message: 'The scheduled publish was cancelled.' });
      }),
    );
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Publish at…' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish at a time' });
    const field = within(dialog).getByLabelText(/Date and time \(Europe\/Berlin\)/);
    expect(field).toHaveAttribute('type', 'datetime-local');
    expect(
      within(dialog).getByText(/On the site's clock, Europe\/Berlin: it is now/),
    ).toBeVisible();

    // Empty: refused in the form, nothing sent.
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose a date and a time.')).toBeVisible();
    expect(sent).toEqual([]);

    // Refused by the server: its sentence under the field.
    await user.type(field, '2020-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText(/has already passed/)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '2099-12-01T11:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ publish_at: '2099-12-01T11:30' });
    expect(
      screen.getByText(/^Publishes itself on Dec 1, 2099, 11:30 AM GMT\+1 \(Europe\/Berlin\)/),
    ).toBeVisible();
    expect(screen.getByText('Scheduled')).toBeVisible();

    // Move: the dialog opens on the current time.
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const move = screen.getByRole('dialog', { name: 'Move the scheduled publish' });
    expect(within(move).getByLabelText(/Date and time/)).toHaveValue('2099-12-01T11:30');
    await user.click(within(move).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    const ask = screen.getByRole('dialog', { name: 'Cancel the scheduled publish?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel publish' }));
    expect(await screen.findByRole('button', { name: 'Publish at…' })).toBeEnabled();
  });

  it('is disabled with Publish, for the same reason, while the draft is incomplete', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts/7`, () =>
        HttpResponse.json(draft({ problems: [{ field: 'description', message: 'is required' }] })),
      ),
    );
    renderEditor();
    const button = await screen.findByRole('button', { name: 'Publish at…' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(
      'Fix what is listed under "Before publishing" first.',
    );
  });
});

describe('the Scheduled section of /admin/drafts', () => {
  const empty = { items: [], page: 1, per_page: 50, total: 0 };

  it('lists scheduled drafts with their time and zone; Move and Cancel change them', async () => {
    signIn(server);
    let items = [
      scheduled(),
      scheduled({
        draft_id: 8,
        title: 'Refused Later',
        slug: 'refused-later',
        publish_at: '2099-12-02T08:00:00.000Z',
        local_time: '2099-12-02T09:00',
        status: 'failed',
        failure: 'This draft cannot be published yet: category is required.',
      }),
    ];
    const moved: DraftScheduleWrite[] = [];
    const row = {
      id: 7,
      title: 'Tables and Code',
      slug: 'tables-and-code',
      category: 'engineering',
      created_by: 'dana',
      updated_by: 'dana',
      updated_at: '2026-11-22T09:00:00.000Z',
      ready: true,
      replaces_slug: null,
    };
    server.use(
      http.get(`${API}/drafts`, () =>
        HttpResponse.json({ items: [row], page: 1, per_page: 50, total: 1 }),
      ),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/drafts/scheduled`, () => HttpResponse.json({ time_zone: ZONE, items })),
      http.put(`${API}/drafts/7/schedule`, async ({ request }) => {
        const body = (await request.json()) as DraftScheduleWrite;
        moved.push(body);
        items = items.map((item) =>
          item.draft_id === 7
            ? scheduled({ local_time: body.publish_at, publish_at: '2099-12-01T13:00:00.000Z' })
            : item,
        );
        return HttpResponse.json({ time_zone: ZONE, schedule: items[0] });
      }),
      http.delete(`${API}/drafts/8/schedule`, () => {
        items = items.filter((item) => item.draft_id !== 8);
        return HttpResponse.json({ message: 'Cancelled.' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    const section = (await screen.findByRole('heading', { name: 'Scheduled' })).closest(
      'section',
    ) as HTMLElement;
    const first = (await within(section).findByRole('link', { name: 'Tables and Code' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(section).getByText(/\(Europe\/Berlin time\)/)).toBeVisible();
    expect(within(first).getByText('Dec 1, 2099, 11:30 AM GMT+1 (Europe/Berlin)')).toBeVisible();
    expect(within(first).getByText(/^Publishes itself on/)).toBeVisible();
    // The draft's own row in Drafts says it too.
    const drafts = screen.getByRole('region', { name: 'Drafts' });
    const draftRow = within(drafts)
      .getByRole('heading', { name: 'Tables and Code' })
      .closest('li') as HTMLElement;
    expect(
      await within(draftRow).findByText(/^Publishes itself on Dec 1, 2099, 11:30 AM GMT\+1/),
    ).toBeVisible();
    const refused = within(section)
      .getByRole('link', { name: 'Refused Later' })
      .closest('li') as HTMLElement;
    expect(within(refused).getByText('Not published')).toBeVisible();
    expect(within(refused).getByText(/category is required/)).toBeVisible();

    await user.click(within(first).getByRole('button', { name: 'Move Tables and Code' }));
    const dialog = screen.getByRole('dialog', { name: 'Move the scheduled publish' });
    const field = within(dialog).getByLabelText(/Date and time \(Europe\/Berlin\)/);
    expect(field).toHaveValue('2099-12-01T11:30');
    await user.clear(field);
    await user.type(field, '2099-12-01T14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(
      await within(section).findByText('Dec 1, 2099, 2:00 PM GMT+1 (Europe/Berlin)'),
    ).toBeVisible();
    expect(moved).toEqual([{ publish_at: '2099-12-01T14:00' }]);

    await user.click(
      within(refused).getByRole('button', {
        name: 'Cancel the scheduled publish of Refused Later',
      }),
    );
    const ask = screen.getByRole('dialog', { name: 'Cancel the scheduled publish?' });
    expect(ask).toHaveTextContent(
      '"Refused Later" will not be published by itself; it stays in Drafts.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel publish' }));
    await waitFor(() =>
      expect(
        within(section).queryByRole('link', { name: 'Refused Later' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('says when nothing is scheduled', async () => {
    signIn(server);
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(empty)),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
    );
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    expect(await screen.findByText(/Nothing is scheduled\./)).toBeVisible();
  });

  it('shows an error with Try again when the schedule cannot be loaded', async () => {
    signIn(server);
    let fail = true;
    server.use(
      http.get(`${API}/drafts`, () => HttpResponse.json(empty)),
      http.get(`${API}/publish-jobs`, () => HttpResponse.json({ items: [] })),
      http.get(`${API}/drafts/scheduled`, () =>
        fail
          ? HttpResponse.json({ detail: 'The database is not answering.' }, { status: 503 })
          : HttpResponse.json({ time_zone: ZONE, items: [] }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<DraftsRoute pathname="/admin/drafts" />);
    expect(await screen.findByText('Could not load the scheduled drafts')).toBeVisible();
    fail = false;
    const alert = screen
      .getByText('Could not load the scheduled drafts')
      .closest('div') as HTMLElement;
    await user.click(
      within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByText(/Nothing is scheduled\./)).toBeVisible();
  });
});
