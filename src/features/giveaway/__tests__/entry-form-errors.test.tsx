import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { API, setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { EntryForm } from '../components/entry-form';
import { giveawayApiDefaults } from './fixtures';

const server = setupApiServer(...giveawayApiDefaults);

const HANDLE_SENTENCE =
  'An Instagram handle has at most 30 characters: letters, numbers, periods and underscores only.';

function renderForm() {
  const onRefused = jest.fn();
  renderWithProviders(
    <EntryForm
      giveawayId="7"
      rulesVersion={1}
      minAge={18}
      onEntered={jest.fn()}
      onRefused={onRefused}
    />,
    { apollo: true },
  );
  return onRefused;
}

async function enterWith(user: ReturnType<typeof userEvent.setup>, handle: string) {
  await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/Instagram Handle/), handle);
  await user.click(screen.getByRole('checkbox', { name: /I have read the rules/ }));
  await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
}

describe("the entry form and the API's refusal of a field", () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('marks a refused handle on its field, with the sentence under it, and focuses it', async () => {
    server.use(
      http.post(`${API}/giveaway/7/participate`, () =>
        HttpResponse.json(
          {
            detail: HANDLE_SENTENCE,
            errors: [{ field: 'instagram_handle', message: HANDLE_SENTENCE }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const onRefused = renderForm();
    await enterWith(user, 'ann-lee');

    const handle = screen.getByLabelText(/Instagram Handle/);
    await screen.findByText(HANDLE_SENTENCE);
    expect(handle).toHaveAttribute('aria-invalid', 'true');
    expect(handle).toHaveAccessibleDescription(expect.stringContaining(HANDLE_SENTENCE));
    expect(handle).toHaveFocus();
    expect(handle).toHaveValue('ann-lee');
    expect(screen.getByLabelText(/Email/)).not.toHaveAttribute('aria-invalid');
    // Said once, under the field: no toast repeats it.
    expect(screen.getAllByText(HANDLE_SENTENCE)).toHaveLength(1);
    expect(onRefused).toHaveBeenCalled();
  });

  it("uses the refusal's sentence for a field named by the schema's words", async () => {
    const detail = 'Please check the body: instagram_handle must be an Instagram handle.';
    server.use(
      http.post(`${API}/giveaway/7/participate`, () =>
        HttpResponse.json(
          {
            detail,
            errors: [{ field: 'instagram_handle', message: 'must be an Instagram handle' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await enterWith(user, 'x');
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByLabelText(/Instagram Handle/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('leaves a refusal about no field to the toast', async () => {
    server.use(
      http.post(`${API}/giveaway/7/participate`, () =>
        HttpResponse.json({ detail: 'Entries to this giveaway are closed.' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await enterWith(user, 'ann');
    expect(await screen.findByText('Entries to this giveaway are closed.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Instagram Handle/)).not.toHaveAttribute('aria-invalid');
  });
});
