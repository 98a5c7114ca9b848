import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { localDateIso } from '@/lib/dates';
import {
  DELETE_CONFIRMATION,
  GiveawayManagementPage,
} from '../components/giveaway-management-page';
import { API, detail, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { signInAs } from '@/testing/session';
import { giveawayApiDefaults, buildGiveaway, getGiveawaysHandler } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

function dialog() {
  return within(screen.getByRole('dialog'));
}

/** Opens the create dialog and fills the three required fields. */
async function startCreating(user: ReturnType<typeof userEvent.setup>, title = 'T') {
  await user.click(await screen.findByRole('button', { name: 'Create Giveaway' }));
  await user.type(dialog().getByLabelText(/Title/), title);
  await user.type(dialog().getByLabelText(/Description/), 'D');
  await user.type(dialog().getByLabelText(/^Prize\*?$/), 'P');
}

describe('GiveawayManagementPage', () => {
  it('turns visitors away', async () => {
    renderWithProviders(<GiveawayManagementPage />, { apollo: true });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Giveaways' })).toHaveAttribute(
      'href',
      '/giveaway',
    );
  });

  it('shows the empty state to an admin', async () => {
    signInAs('admin');
    server.use(getGiveawaysHandler([]));
    const user = userEvent.setup();
    renderWithProviders(<GiveawayManagementPage />, { apollo: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Giveaways' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Create, edit, and manage your giveaways')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No giveaways yet' })).toBeInTheDocument();
    expect(screen.getByText('Create your first giveaway to get started!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Giveaway' }));
    expect(screen.getByRole('dialog', { name: 'Create Giveaway' })).toBeInTheDocument();
  });

  it('lists giveaways with their facts and actions', async () => {
    signInAs('admin');
    server.use(
      getGiveawaysHandler([
        buildGiveaway({
          id: 5,
          title: 'Spring Agent Giveaway',
          description: 'A free support agent.',
          prize: 'Support agent build',
          participant_count: 2,
          max_participants: 25,
          status: 'paused',
        }),
      ]),
    );
    renderWithProviders(<GiveawayManagementPage />, { apollo: true });
    const card = within(await screen.findByRole('article', { name: 'Spring Agent Giveaway' }));
    expect(card.getByText('2 participants')).toBeInTheDocument();
    expect(card.getByText('Paused')).toBeInTheDocument();
    expect(card.getByText('A free support agent.')).toBeInTheDocument();
    expect(card.getByText('Support agent build')).toBeInTheDocument();
    expect(card.getByText('From March 5, 2026, no end date')).toBeInTheDocument();
    expect(card.getByText('25 participants')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/giveaway/5');
    expect(card.getByRole('link', { name: 'Desk' })).toHaveAttribute('href', '/giveaway/5/desk');
    // Nothing drawn: no claims to show.
    expect(card.queryByRole('region', { name: 'Claims' })).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('toasts when the list cannot be loaded', async () => {
    signInAs('admin');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(`${API}/giveaway`, () => new HttpResponse(null, { status: 500 })));
    renderWithProviders(<GiveawayManagementPage />, { apollo: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load giveaways');
  });

  describe('create/edit dialog', () => {
    it('validates the form and defaults the start date to today', async () => {
      signInAs('admin');
      server.use(getGiveawaysHandler([]));
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await user.click(await screen.findByRole('button', { name: 'Create Giveaway' }));

      expect(dialog().getByLabelText(/Start Date/)).toHaveValue(localDateIso());
      expect(dialog().getByLabelText(/End Date/)).toHaveValue('');
      expect(dialog().getByLabelText(/Maximum Participants/)).toHaveAccessibleDescription(
        'Leave empty for unlimited',
      );

      await user.type(dialog().getByLabelText(/Prize Image URL/), 'not a url');
      await user.type(dialog().getByLabelText(/Maximum Participants/), '0');
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));

      expect(await dialog().findByText('Title is required')).toBeInTheDocument();
      expect(dialog().getByText('Description is required')).toBeInTheDocument();
      expect(dialog().getByText('Prize is required')).toBeInTheDocument();
      expect(
        dialog().getByText('Please enter a valid URL starting with http:// or https://'),
      ).toBeInTheDocument();
      expect(dialog().getByText('Maximum participants must be at least 1')).toBeInTheDocument();
      expect(dialog().getByLabelText(/Title/)).toBeInvalid();

      fireEvent.change(dialog().getByLabelText(/Start Date/), { target: { value: '' } });
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));
      expect(await dialog().findByText('Start date is required')).toBeInTheDocument();
    });

    it('creates a giveaway and shows it first without reloading the list', async () => {
      signInAs('admin');
      let listLoads = 0;
      let sent: unknown;
      server.use(
        http.get(`${API}/giveaway`, () => {
          listLoads += 1;
          return HttpResponse.json([buildGiveaway({ id: 1, title: 'Older One' })] as never);
        }),
        http.post(`${API}/giveaway`, async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json(
            buildGiveaway({
              id: 2,
              title: 'Brand New',
              description: 'Fresh.',
              prize: 'A prize',
              max_participants: 10,
            }) as never,
            { status: 201 },
          );
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await screen.findByRole('article', { name: 'Older One' });
      await user.click(screen.getByRole('button', { name: 'Create Giveaway' }));
      await user.type(dialog().getByLabelText(/Title/), 'Brand New');
      await user.type(dialog().getByLabelText(/Description/), 'Fresh.');
      await user.type(dialog().getByLabelText(/^Prize\*?$/), 'A prize');
      await user.type(dialog().getByLabelText(/Maximum Participants/), '10');
      // The rules fields start at the defaults: 18, 7 days, a referral cap of 5, no confirmation.
      expect(dialog().getByLabelText(/Minimum Age/)).toHaveValue(18);
      expect(dialog().getByLabelText(/Claim Period/)).toHaveValue(7);
      expect(dialog().getByLabelText(/Number of Winners/)).toHaveValue(1);
      await user.clear(dialog().getByLabelText(/Number of Winners/));
      await user.type(dialog().getByLabelText(/Number of Winners/), '3');
      expect(dialog().getByLabelText(/Referral bonus cap/)).toHaveValue(5);
      expect(
        dialog().getByRole('checkbox', { name: 'Confirm entries by e-mail' }),
      ).not.toBeChecked();
      await user.type(dialog().getByLabelText(/Region/), 'the United Kingdom');
      await user.type(dialog().getByLabelText(/Additional Terms/), 'No cash alternative.');
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));

      expect(await screen.findByText('Giveaway created successfully')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sent).toEqual({
        title: 'Brand New',
        description: 'Fresh.',
        prize: 'A prize',
        prize_image: null,
        prize_image_id: null,
        start_date: localDateIso(),
        end_date: null,
        max_participants: 10,
        min_age: 18,
        region: 'the United Kingdom',
        claim_days: 7,
        winner_count: 3,
        external_randomness: null,
        extra_terms: 'No cash alternative.',
        referral_cap: 5,
        confirm_entries: false,
      });
      const titles = screen
        .getAllByRole('article')
        .map((article) => within(article).getByRole('heading').textContent);
      expect(titles).toEqual(['Brand New', 'Older One']);
      expect(listLoads).toBe(1);
    });

    it('refuses a number of winners outside 1 to 100, or above the maximum, inline', async () => {
      signInAs('admin');
      let posted = false;
      server.use(
        getGiveawaysHandler([]),
        http.post(`${API}/giveaway`, () => {
          posted = true;
          return new HttpResponse(null, { status: 500 });
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await startCreating(user);
      const winners = dialog().getByLabelText(/Number of Winners/);
      for (const [typed, message] of [
        ['0', 'Number of winners must be from 1 to 100'],
        ['101', 'Number of winners must be from 1 to 100'],
      ] as const) {
        await user.clear(winners);
        await user.type(winners, typed);
        await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));
        expect(await dialog().findByText(message)).toBeInTheDocument();
      }
      await user.clear(winners);
      await user.type(winners, '5');
      await user.type(dialog().getByLabelText(/Maximum Participants/), '4');
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));
      expect(
        await dialog().findByText('Number of winners cannot be more than the maximum participants'),
      ).toBeInTheDocument();
      expect(posted).toBe(false);
    });

    it('says so when the giveaway cannot be saved', async () => {
      signInAs('admin');
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        getGiveawaysHandler([]),
        http.post(`${API}/giveaway`, () => new HttpResponse(null, { status: 500 })),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await startCreating(user);
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save giveaway');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    const picture = {
      id: 41,
      width: 1200,
      height: 630,
      placeholder: 'data:image/webp;base64,UklGRg==',
      src: '/media/0123456789abcdef0123456789abcdef/1200.jpg',
      srcset: '/media/0123456789abcdef0123456789abcdef/320.jpg 320w',
      sources: [],
    };

    it('uploads a prize picture and saves the giveaway with it', async () => {
      signInAs('admin');
      let uploaded = '';
      let sent: Record<string, unknown> | undefined;
      server.use(
        getGiveawaysHandler([]),
        http.post(`${API}/images`, async ({ request }) => {
          uploaded = `${request.headers.get('content-type')}\n${await request.text()}`;
          return HttpResponse.json(picture, { status: 201 });
        }),
        http.post(`${API}/giveaway`, async ({ request }) => {
          sent = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(buildGiveaway({ id: 3, prize_picture: picture }) as never, {
            status: 201,
          });
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await startCreating(user);
      const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'prize.jpg', {
        type: 'image/jpeg',
      });
      await user.upload(dialog().getByLabelText('Or upload a picture'), file);
      expect(await dialog().findByRole('img', { name: 'The prize picture' })).toHaveAttribute(
        'src',
        picture.src,
      );
      expect(uploaded).toMatch(/^multipart\/form-data; boundary=/);
      // jsdom's File reaches the test's FormData parser without its name; e2e sends real files.
      expect(uploaded).toContain('Content-Disposition: form-data; name="file"');
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));
      expect(await screen.findByText('Giveaway created successfully')).toBeInTheDocument();
      expect(sent).toMatchObject({ prize_image: null, prize_image_id: 41 });
    });

    it('explains a refused upload under the field', async () => {
      signInAs('admin');
      server.use(
        getGiveawaysHandler([]),
        http.post(`${API}/images`, () =>
          detail(
            400,
            'The file is not an image this site can use; please give a JPEG, PNG, WebP, GIF or AVIF picture.',
          ),
        ),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await user.click(await screen.findByRole('button', { name: 'Create Giveaway' }));
      await user.upload(
        dialog().getByLabelText('Or upload a picture'),
        new File(['<html>'], 'prize.jpg', { type: 'image/jpeg' }),
      );
      expect(await dialog().findByText(/not an image this site can use/)).toBeInTheDocument();
      expect(dialog().queryByRole('img', { name: 'The prize picture' })).not.toBeInTheDocument();
    });

    it('an address that cannot be fetched is explained under its field; nothing is saved and what was typed stays', async () => {
      signInAs('admin');
      let saves = 0;
      const address = 'https://cdn.example.com/expired.jpg';
      server.use(
        getGiveawaysHandler([]),
        http.post(`${API}/images`, () =>
          detail(400, `The image at ${address} could not be fetched: the server answered 403.`),
        ),
        http.post(`${API}/giveaway`, () => {
          saves += 1;
          return new HttpResponse(null, { status: 500 });
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await startCreating(user, 'Kept title');
      await user.type(dialog().getByLabelText(/Prize Image URL/), address);
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));
      const field = dialog().getByLabelText(/Prize Image URL/);
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(
        dialog().getByText(
          `The image at ${address} could not be fetched: the server answered 403.`,
        ),
      ).toBeInTheDocument();
      expect(field).toHaveValue(address);
      expect(dialog().getByLabelText(/Title/)).toHaveValue('Kept title');
      expect(saves).toBe(0);
    });

    it('edits a giveaway from a prefilled dialog', async () => {
      signInAs('admin');
      let sent: unknown;
      const original = buildGiveaway({
        id: 8,
        title: 'Old Title',
        prize_image: 'https://example.com/a.png',
        end_date: '2026-04-01',
        max_participants: 5,
      });
      server.use(
        getGiveawaysHandler([original] as never),
        http.put(`${API}/giveaway/8`, async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json({ ...original, title: 'New Title' } as never);
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      const card = within(await screen.findByRole('article', { name: 'Old Title' }));
      await user.click(card.getByRole('button', { name: 'Edit' }));

      expect(screen.getByRole('dialog', { name: 'Edit Giveaway' })).toBeInTheDocument();
      expect(dialog().getByLabelText(/Title/)).toHaveValue('Old Title');
      expect(dialog().getByLabelText(/Prize Image URL/)).toHaveValue('https://example.com/a.png');
      expect(dialog().getByLabelText(/End Date/)).toHaveValue('2026-04-01');
      expect(dialog().getByLabelText(/Maximum Participants/)).toHaveValue(5);

      await user.clear(dialog().getByLabelText(/Title/));
      await user.type(dialog().getByLabelText(/Title/), 'New Title');
      await user.clear(dialog().getByLabelText(/Maximum Participants/));
      await user.click(dialog().getByRole('button', { name: 'Update Giveaway' }));

      expect(await screen.findByText('Giveaway updated successfully')).toBeInTheDocument();
      expect(sent).toMatchObject({
        title: 'New Title',
        end_date: '2026-04-01',
        max_participants: null,
      });
      expect(await screen.findByRole('article', { name: 'New Title' })).toBeInTheDocument();
    });

    it('checks the rules fields before sending', async () => {
      signInAs('admin');
      server.use(getGiveawaysHandler([]));
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await user.click(await screen.findByRole('button', { name: 'Create Giveaway' }));
      await user.clear(dialog().getByLabelText(/Minimum Age/));
      await user.type(dialog().getByLabelText(/Minimum Age/), '8');
      await user.clear(dialog().getByLabelText(/Claim Period/));
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));
      expect(await dialog().findByText('Minimum age must be from 13 to 99')).toBeInTheDocument();
      expect(dialog().getByText('Claim period is required')).toBeInTheDocument();
    });

    it('checks the referral bonus cap strictly and sends the confirmation switch', async () => {
      signInAs('admin');
      let sent: unknown;
      const original = buildGiveaway({ id: 9, title: 'Growth', referral_cap: 3 });
      server.use(
        getGiveawaysHandler([original] as never),
        http.put(`${API}/giveaway/9`, async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json({
            ...original,
            referral_cap: 0,
            confirm_entries: true,
          } as never);
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      const card = within(await screen.findByRole('article', { name: 'Growth' }));
      await user.click(card.getByRole('button', { name: 'Edit' }));
      const cap = dialog().getByLabelText(/Referral bonus cap/);
      expect(cap).toHaveValue(3);
      for (const [typed, sentence] of [
        ['101', 'Referral bonus cap must be from 0 to 100'],
        ['2.5', 'Referral bonus cap must be a whole number'],
        ['', 'Referral bonus cap is required'],
      ] as const) {
        await user.clear(cap);
        if (typed) await user.type(cap, typed);
        await user.click(dialog().getByRole('button', { name: 'Update Giveaway' }));
        expect(await dialog().findByText(sentence)).toBeInTheDocument();
      }
      expect(sent).toBeUndefined();
      await user.clear(cap);
      await user.type(cap, '0');
      await user.click(dialog().getByRole('checkbox', { name: 'Confirm entries by e-mail' }));
      await user.click(dialog().getByRole('button', { name: 'Update Giveaway' }));
      expect(await screen.findByText('Giveaway updated successfully')).toBeInTheDocument();
      expect(sent).toMatchObject({ referral_cap: 0, confirm_entries: true });
    });

    it('keeps the referral cap and the confirmation switch once the entry list is frozen', async () => {
      signInAs('admin');
      let sent: unknown;
      const frozen = buildGiveaway({
        id: 12,
        title: 'Frozen One',
        referral_cap: 4,
        confirm_entries: true,
        frozen: {
          frozen_at: '2026-03-10T10:00:00.000Z',
          reason: 'stopped',
          entrant_count: 3,
          fingerprint: 'f'.repeat(64),
        },
      });
      server.use(
        getGiveawaysHandler([frozen] as never),
        http.put(`${API}/giveaway/12`, async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json(frozen as never);
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      const card = within(await screen.findByRole('article', { name: 'Frozen One' }));
      await user.click(card.getByRole('button', { name: 'Edit' }));
      expect(dialog().getByLabelText(/Referral bonus cap/)).toHaveAttribute('readonly');
      const box = dialog().getByRole('checkbox', { name: 'Confirm entries by e-mail' });
      expect(box).toBeChecked();
      await user.click(box);
      expect(box).toBeChecked();
      await user.click(dialog().getByRole('button', { name: 'Update Giveaway' }));
      expect(await screen.findByText('Giveaway updated successfully')).toBeInTheDocument();
      expect(sent).toMatchObject({ referral_cap: 4, confirm_entries: true });
    });

    it('keeps what the draw fixed read-only once a giveaway is drawn', async () => {
      signInAs('admin');
      let sent: unknown;
      const drawn = buildGiveaway({
        id: 15,
        title: 'Drawn One',
        status: 'winner_selected',
        winner_id: 1,
        draws: [
          {
            round: 1,
            place: 1,
            algorithm: 'aw-draw-v1',
            drawn_at: '2026-03-01T15:30:00.000Z',
            reason: null,
            eligible_count: 2,
            position: 0,
            counter: 0,
            receipt_hash: 'b'.repeat(64),
            winner_handle: 'someone',
            claim_deadline: '2026-03-08T15:30:00.000Z',
            claimed_at: null,
            claim_status: 'awaiting_claim',
          },
        ],
      });
      server.use(
        getGiveawaysHandler([drawn] as never),
        http.put(`${API}/giveaway/15`, async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json({ ...drawn, description: 'Thanks all!' } as never);
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      const card = within(await screen.findByRole('article', { name: 'Drawn One' }));
      expect(card.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      await user.click(card.getByRole('button', { name: 'Edit' }));
      expect(dialog().getByText('The winner has been drawn')).toBeInTheDocument();
      for (const label of [/Title/, /^Prize\*?$/, /Start Date/, /Minimum Age/, /Region/]) {
        expect(dialog().getByLabelText(label)).toHaveAttribute('readonly');
      }
      expect(dialog().getByLabelText(/Description/)).not.toHaveAttribute('readonly');
      await user.clear(dialog().getByLabelText(/Description/));
      await user.type(dialog().getByLabelText(/Description/), 'Thanks all!');
      await user.click(dialog().getByRole('button', { name: 'Update Giveaway' }));
      expect(await screen.findByText('Giveaway updated successfully')).toBeInTheDocument();
      expect(sent).toMatchObject({ title: 'Drawn One', description: 'Thanks all!' });
    });

    it('says so when an edit fails', async () => {
      signInAs('admin');
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        getGiveawaysHandler([buildGiveaway({ id: 9, title: 'Edit Me' })] as never),
        http.put(`${API}/giveaway/9`, () => new HttpResponse(null, { status: 500 })),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await user.click(
        within(await screen.findByRole('article', { name: 'Edit Me' })).getByRole('button', {
          name: 'Edit',
        }),
      );
      await user.click(dialog().getByRole('button', { name: 'Update Giveaway' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update giveaway');
    });

    it("shows the server's reason for refusing a giveaway", async () => {
      signInAs('admin');
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        getGiveawaysHandler([]),
        http.post(`${API}/giveaway`, () => detail(400, 'end_date must not be before start_date.')),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await startCreating(user);
      await user.click(dialog().getByRole('button', { name: 'Create Giveaway' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'end_date must not be before start_date.',
      );
    });
  });

  describe('archive', () => {
    it('archives a drawn giveaway instead of deleting it, and can show it again', async () => {
      signInAs('admin');
      let archived = false;
      const sent: unknown[] = [];
      const drawn = () =>
        buildGiveaway({
          id: 16,
          title: 'Old Winner',
          status: 'winner_selected',
          winner_id: 2,
          archived,
        });
      server.use(
        http.get(`${API}/giveaway`, () => HttpResponse.json([drawn()] as never)),
        http.post(`${API}/giveaway/16/archive`, async ({ request }) => {
          const body = (await request.json()) as { archived: boolean };
          sent.push(body);
          archived = body.archived;
          return HttpResponse.json({
            success: true,
            message: archived ? '"Old Winner" is archived.' : '"Old Winner" is shown again.',
          });
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      const card = within(await screen.findByRole('article', { name: 'Old Winner' }));
      expect(card.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
      await user.click(card.getByRole('button', { name: 'Archive' }));
      expect(await screen.findByText('"Old Winner" is archived.')).toBeInTheDocument();
      expect(await card.findByText('Archived')).toBeInTheDocument();
      await user.click(card.getByRole('button', { name: 'Unarchive' }));
      expect(await screen.findByText('"Old Winner" is shown again.')).toBeInTheDocument();
      expect(sent).toEqual([{ archived: true }, { archived: false }]);
    });
  });

  describe('delete', () => {
    it('asks first and does nothing when the admin says no', async () => {
      signInAs('admin');
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
      let deleted = false;
      server.use(
        getGiveawaysHandler([buildGiveaway({ id: 11, title: 'Keep Me' })] as never),
        http.delete(`${API}/giveaway/11`, () => {
          deleted = true;
          return HttpResponse.json({ success: true, message: 'Deleted.' });
        }),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await user.click(
        within(await screen.findByRole('article', { name: 'Keep Me' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      expect(confirm).toHaveBeenCalledWith(DELETE_CONFIRMATION);
      expect(DELETE_CONFIRMATION).toBe(
        'Are you sure you want to delete this giveaway? This action cannot be undone.',
      );
      expect(deleted).toBe(false);
      expect(screen.getByRole('article', { name: 'Keep Me' })).toBeInTheDocument();
    });

    it('deletes after confirmation and drops the card', async () => {
      signInAs('admin');
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      server.use(
        getGiveawaysHandler([
          buildGiveaway({ id: 12, title: 'Remove Me' }),
          buildGiveaway({ id: 13, title: 'Stay' }),
        ] as never),
        http.delete(`${API}/giveaway/12`, () =>
          HttpResponse.json({ success: true, message: 'Giveaway deleted.' }),
        ),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await user.click(
        within(await screen.findByRole('article', { name: 'Remove Me' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      expect(await screen.findByText('Giveaway deleted successfully')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Remove Me' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('article', { name: 'Stay' })).toBeInTheDocument();
    });

    it('says so when the delete fails', async () => {
      signInAs('admin');
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      server.use(
        getGiveawaysHandler([buildGiveaway({ id: 14, title: 'Stubborn' })] as never),
        http.delete(`${API}/giveaway/14`, () => new HttpResponse(null, { status: 500 })),
      );
      const user = userEvent.setup();
      renderWithProviders(<GiveawayManagementPage />, { apollo: true });
      await user.click(
        within(await screen.findByRole('article', { name: 'Stubborn' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete giveaway');
      expect(screen.getByRole('article', { name: 'Stubborn' })).toBeInTheDocument();
    });
  });
  it("shows each drawn place's claim state, its deadline with the zone", async () => {
    signInAs('admin');
    const deadline = 'December 6, 2026 at 12:00 PM (Europe/Berlin)';
    const claim = {
      instagram_handle: 'winner_one',
      claim_deadline: '2026-12-06T11:00:00.000Z',
      claim_deadline_text: deadline,
    };
    server.use(
      getGiveawaysHandler([
        buildGiveaway({
          id: 9,
          title: 'Drawn Giveaway',
          start_date: '2026-11-29',
          end_date: '2026-11-29',
          winner_count: 3,
          claims: [
            { ...claim, place: 1, round: 1, state: 'awaiting_claim' },
            { ...claim, place: 2, round: 2, state: 'claimed', instagram_handle: 'two' },
            { ...claim, place: 3, round: 3, state: 'disqualified', instagram_handle: 'cheat' },
            { ...claim, place: 3, round: 4, state: 'expired', instagram_handle: 'late' },
            { ...claim, place: 3, round: 5, state: 'redrawn', instagram_handle: null },
          ],
        }),
      ]),
    );
    renderWithProviders(<GiveawayManagementPage />, { apollo: true });
    const card = within(await screen.findByRole('article', { name: 'Drawn Giveaway' }));
    // A giveaway of one day runs on that day, not "November 29 – November 29".
    expect(card.getByText('November 29, 2026')).toBeInTheDocument();
    const claims = within(card.getByRole('region', { name: 'Claims' }));
    expect(claims.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Place 1, round 1: @winner_one waiting for the claim until ${deadline}`,
      'Place 2, round 2: @two claimed',
      'Place 3, round 3: @cheat disqualified: the place was drawn again',
      `Place 3, round 4: @late expired: not claimed by ${deadline}`,
      'Place 3, round 5: (entry erased) re-drawn: the claim period ended and the place was drawn again',
    ]);
  });
});
