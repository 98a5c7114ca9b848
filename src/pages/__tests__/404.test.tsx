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

  it('shows the Post Not Found screen for any address under /blog/', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const pathname of ['/blog/no-such-post', '/blog/404.html', '/blog/a/b']) {
        const props = { location: { pathname } } as unknown as PageProps;
        const { unmount } = renderWithProviders(<NotFoundPage {...props} />);
        expect(
          screen.getByRole('heading', { level: 1, name: 'Post Not Found' }),
        ).toBeInTheDocument();
        expect(
          screen.getByText('The post you are looking for does not exist.'),
        ).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
        expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
        unmount();
      }
      // /blog itself and look-alike sections keep the site-wide screen.
      for (const pathname of ['/blogs/x', '/blog']) {
        const props = { location: { pathname } } as unknown as PageProps;
        const { unmount } = renderWithProviders(<NotFoundPage {...props} />);
        expect(
          screen.getByRole('heading', { level: 1, name: 'Page Not Found' }),
        ).toBeInTheDocument();
        unmount();
      }
    } finally {
      error.mockRestore();
    }
  });
});
