import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { NewsletterCard } from '../components/newsletter-card';

// The card loads its schema on demand; here the network fails to bring it.
jest.mock('../components/subscribe-schema', () => {
  throw new Error('Loading chunk failed');
});

// No handlers: a request to the API would fail the test.
setupApiServer();

it('sends nothing and says the subscription failed when the form cannot load its checks', async () => {
  renderWithProviders(<NewsletterCard />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));

  const toast = await screen.findByRole('alert');
  expect(toast).toHaveTextContent('Subscription failed');
  expect(toast).toHaveTextContent('Please try again later.');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled());
  expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
});
