import { screen } from '@testing-library/react';
import type { PageProps } from 'gatsby';
import React from 'react';
import { renderWithProviders } from '@/testing/render-with-providers';
import NotFoundPage from '../404';

describe('404 page', () => {
  it('shows the not-found texts, links home and logs the bad path once', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const props = { location: { pathname: '/no-such-page' } } as unknown as PageProps;
      const { rerender } = renderWithProviders(<NotFoundPage {...props} />);

      expect(screen.getByText('404')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');

      rerender(<NotFoundPage {...props} />);
      const logged = error.mock.calls.filter(([message]) => String(message).startsWith('404'));
      expect(logged).toEqual([['404: no page at /no-such-page']]);
    } finally {
      error.mockRestore();
    }
  });
});
