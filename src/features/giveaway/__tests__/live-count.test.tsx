import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import React from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/styles/theme';
import { API, setupApiServer } from '@/testing/api-server';
import { EntryPulse } from '../components/entry-pulse';
import { refreshCount, showCount } from '../live-count';
import { asServedEntryState } from '../served-entry';

const server = setupApiServer();

/** The facts line as a document page holds it: plain HTML, no React owns it. */
function staticFacts(id: string) {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<p data-testid="facts-${id}"><span data-participant-count="${id}">0 participants</span> · Ends soon</p>`,
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('a new count reaches the static facts line of its own giveaway only', () => {
  staticFacts('7');
  staticFacts('8');
  act(() => showCount('7', 1));
  expect(screen.getByTestId('facts-7')).toHaveTextContent(/^1 participant · Ends soon$/);
  expect(screen.getByTestId('facts-8')).toHaveTextContent(/^0 participants · Ends soon$/);
  // Nothing that is not a count is shown.
  act(() => showCount('7', -1));
  act(() => showCount('7', Number.NaN));
  expect(screen.getByTestId('facts-7')).toHaveTextContent(/^1 participant ·/);
});

test('the count island follows a new count, and one hydrated later starts from it', () => {
  render(
    <ThemeProvider theme={theme}>
      <EntryPulse id="21" count={4} closeAt={null} />
    </ThemeProvider>,
  );
  expect(screen.getByText('4 entries')).toBeInTheDocument();
  act(() => showCount('21', 5));
  expect(screen.getByText('5 entries')).toBeInTheDocument();
  // Another giveaway's count is not this one's.
  act(() => showCount('22', 9));
  expect(screen.getByText('5 entries')).toBeInTheDocument();

  render(
    <ThemeProvider theme={theme}>
      <div data-testid="later">
        <EntryPulse id="21" count={4} closeAt={null} />
      </div>
    </ThemeProvider>,
  );
  expect(screen.getByTestId('later')).toHaveTextContent('5 entries');
});

test('after an entry the public count is read again; a failed read changes nothing', async () => {
  staticFacts('31');
  server.use(
    http.get(`${API}/giveaway/31`, () => HttpResponse.json({ id: 31, participant_count: 3 })),
  );
  await act(() => refreshCount('31'));
  expect(screen.getByTestId('facts-31')).toHaveTextContent(/^3 participants ·/);

  server.use(
    http.get(`${API}/giveaway/31`, () =>
      HttpResponse.json({ detail: 'Something went wrong' }, { status: 500 }),
    ),
  );
  await act(() => refreshCount('31'));
  expect(screen.getByTestId('facts-31')).toHaveTextContent(/^3 participants ·/);
});

test("a page asked for by a friend's link carries a referral code, and nothing else", () => {
  expect(asServedEntryState({ kind: 'referred', code: '0123456789AB' })).toEqual({
    kind: 'referred',
    code: '0123456789AB',
  });
  for (const code of ['0123456789ab', 'I23456789ABC', '<script>', 12, null]) {
    expect(asServedEntryState({ kind: 'referred', code })).toBeNull();
  }
});
