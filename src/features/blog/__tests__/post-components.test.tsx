import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PostNotFound } from '../components/post-not-found';
import { PostSidebar } from '../components/post-sidebar';
import { ShareButton } from '../components/share-button';
import { TableOfContents } from '../components/table-of-contents';

describe('ShareButton', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('uses the native share sheet with title, description and URL when there is one', async () => {
    const user = userEvent.setup();
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderWithProviders(<ShareButton title="T" description="D" url="https://site.test/blog/t" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'T', text: 'D', url: 'https://site.test/blog/t' });
    expect(screen.queryByText('Link copied to clipboard')).not.toBeInTheDocument();
  });

  it('otherwise copies the address and says so', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    renderWithProviders(<ShareButton title="T" description="D" url="https://site.test/blog/t" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://site.test/blog/t');
  });

  it('offers the address to copy by hand when the clipboard is refused', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderWithProviders(<ShareButton title="T" description="D" url="https://site.test/blog/t" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Copy this link: https://site.test/blog/t')).toBeInTheDocument();
  });
});

describe('TableOfContents', () => {
  it('links every heading to its id, and stays out of the way for a single heading', () => {
    const { rerender } = renderWithProviders(
      <TableOfContents
        headings={[
          { level: 2, text: 'Intro', id: 'intro' },
          { level: 3, text: 'Details', id: 'details' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(nav).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '#details');
    rerender(<TableOfContents headings={[{ level: 2, text: 'Only', id: 'only' }]} />);
    expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument();
  });
});

describe('PostSidebar', () => {
  const category = { name: 'engineering', title: 'Engineering', description: 'Patterns' };

  it('shows the newsletter card, related posts and the category card', async () => {
    renderWithProviders(
      <PostSidebar
        related={[
          { id: '1', slug: 'obs', title: 'Observability', date: '2025-08-05T00:00:00.000Z' },
        ]}
        category={category}
      />,
    );
    // The card is an island; inside the app (as here) it is live at once.
    expect(await screen.findByRole('button', { name: /subscribe/i })).toBeInTheDocument();
    const related = screen.getByRole('region', { name: 'Related posts' });
    expect(within(related).getByRole('link', { name: 'Observability' })).toHaveAttribute(
      'href',
      '/blog/obs',
    );
    expect(screen.getByRole('link', { name: 'View all Engineering posts' })).toHaveAttribute(
      'href',
      '/blog?category=engineering',
    );
  });

  it('leaves out the related list when the category has no other posts', () => {
    renderWithProviders(<PostSidebar related={[]} category={category} />);
    expect(screen.queryByRole('region', { name: 'Related posts' })).not.toBeInTheDocument();
  });
});

describe('PostNotFound', () => {
  it('explains and links back to the blog', () => {
    renderWithProviders(<PostNotFound />);
    expect(screen.getByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The post you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });
});
