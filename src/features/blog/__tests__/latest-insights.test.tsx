import { screen, within } from '@testing-library/react';
import React from 'react';
import { renderWithProviders } from '@/testing/render-with-providers';
import { useStaticQuery } from 'gatsby';
import { LatestInsights, LatestInsightsView } from '../components/latest-insights';

const copy = {
  title: 'Latest Insights',
  lead: 'Notes from the team.',
  empty: 'No posts have been published yet.',
  more: 'View All Posts',
};

const post = (n: number) => ({
  id: `p${n}`,
  slug: `post-${n}`,
  title: `Post ${n}`,
  excerpt: `Excerpt ${n}`,
  date: `2025-0${n}-15T00:00:00.000Z`,
});

describe('LatestInsightsView', () => {
  it('shows up to three posts with date, title, excerpt and link, and a link to all posts', () => {
    renderWithProviders(
      <LatestInsightsView posts={[post(4), post(3), post(2), post(1)]} copy={copy} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Latest Insights' })).toBeInTheDocument();
    expect(screen.getByText('Notes from the team.')).toBeInTheDocument();
    const items = screen.getAllByRole('article');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('April 15, 2025')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Post 4' })).toHaveAttribute(
      'href',
      '/blog/post-4',
    );
    expect(within(items[0]!).getByText('Excerpt 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Posts' })).toHaveAttribute('href', '/blog');
  });

  it('says honestly when nothing is published yet', () => {
    renderWithProviders(<LatestInsightsView posts={[]} copy={copy} />);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText(/No posts have been published yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Posts' })).toBeInTheDocument();
  });
});

describe('LatestInsights', () => {
  it('renders the posts from its build-time query, with no loading state', () => {
    jest.mocked(useStaticQuery).mockReturnValue({ allBlogPost: { nodes: [post(2), post(1)] } });
    renderWithProviders(<LatestInsights copy={copy} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Post 2' })).toHaveAttribute('href', '/blog/post-2');
  });
});
