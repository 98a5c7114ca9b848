import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import React, { useState } from 'react';
import { setupApiServer } from '@/testing/api-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { BlogList, type CategoryOption, type SeriesOption } from '../components/blog-list';
import type { ListingSource } from '../components/use-blog-listing';
import { searchForFilter, toKey, type BlogFilter } from '@site/contracts/blog/filters';
import type { PostCard, SearchEntry } from '@site/contracts/blog/types';

const server = setupApiServer();

// Each test types and clicks through several screens with user-event; on the shared two-core
// machine that can pass Jest's 5-second default without anything being wrong.
jest.setTimeout(20_000);

const categories: CategoryOption[] = [
  {
    name: 'foundation',
    title: 'Foundation',
    description: 'Core concepts and getting started guides',
    count: 1,
  },
  { name: 'engineering', title: 'Engineering', description: 'Patterns', count: 2 },
  { name: 'security', title: 'Security', description: 'Threats', count: 1 },
  { name: 'business', title: 'Business', description: 'Cases', count: 0 },
];
const series: SeriesOption[] = [
  { name: 'Agents in Production', slug: 'agents-in-production', count: 3 },
];
const social = {
  youtube: 'https://youtube.test/agentworks',
  instagram: 'https://instagram.test/agentworks',
  facebook: 'https://facebook.test/agentworks',
};

function card(
  slug: string,
  title: string,
  category: string,
  date: string,
  extra: Partial<PostCard> = {},
): PostCard {
  return {
    id: slug,
    slug,
    title,
    excerpt: `Excerpt of ${title}.`,
    date,
    category,
    series: null,
    tags: [],
    ...extra,
  };
}

const posts: PostCard[] = [
  card('threats', 'Prompt Injection Threat Model', 'security', '2025-09-02T00:00:00.000Z', {
    series: 'Agents in Production',
    tags: ['security', 'prompt-injection', 'permissions', 'owasp'],
  }),
  card('observability', 'Observability for Agents', 'engineering', '2025-08-05T00:00:00.000Z', {
    series: 'Agents in Production',
  }),
  card('tools', 'Designing Tools', 'engineering', '2025-07-08T00:00:00.000Z', {
    series: 'Agents in Production',
    tags: ['tools'],
  }),
  card('sdk', 'Getting Started with the Agents SDK', 'foundation', '2025-06-12T00:00:00.000Z'),
];
const index: SearchEntry[] = posts.map((post) => ({
  ...post,
  description: `About ${post.title}`,
  content: post.slug === 'observability' ? 'Traces with OpenTelemetry spans.' : 'Body text.',
}));

function completeSource(list: PostCard[] = posts): ListingSource {
  const counts = (filter: BlogFilter) =>
    list.filter((post) =>
      filter.kind === 'all'
        ? true
        : filter.kind === 'category'
          ? post.category === filter.name
          : post.series !== null && toKey(post.series) === filter.slug,
    ).length;
  return { firstPage: list, totalCount: list.length, countFor: counts };
}

/** Holds the query string the way the page does, so filter changes round-trip through the URL. */
function Harness({
  initialSearch = '',
  source = completeSource(),
  onChange,
}: {
  initialSearch?: string;
  source?: ListingSource;
  onChange?: (filter: BlogFilter) => void;
}) {
  const [search, setSearch] = useState(initialSearch);
  return (
    <>
      <output data-testid="url">{`/blog${search}`}</output>
      <BlogList
        source={source}
        categories={categories}
        series={series}
        search={search}
        social={social}
        onFilterChange={(filter) => {
          onChange?.(filter);
          setSearch(searchForFilter(filter, search));
        }}
      />
    </>
  );
}

const cardTitles = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const pressed = (name: string | RegExp) =>
  screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('BlogList', () => {
  it('shows the newest posts with date, title, excerpt and at most two tags plus a count', () => {
    renderWithProviders(<Harness />);
    expect(cardTitles()).toEqual([
      'Prompt Injection Threat Model',
      'Observability for Agents',
      'Designing Tools',
      'Getting Started with the Agents SDK',
    ]);
    expect(screen.getByText('4 posts')).toBeInTheDocument();
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText('Sep 2, 2025')).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: 'Prompt Injection Threat Model' }),
    ).toHaveAttribute('href', '/blog/threats');
    expect(
      within(first).getByText('Excerpt of Prompt Injection Threat Model.'),
    ).toBeInTheDocument();
    const tags = within(first).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['security', 'prompt-injection', '+2and 2 more tags']);
    expect(pressed('All')).toBe('true');
  });

  it('filters by category and by series, one at a time, and All resets both', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: /^Engineering/ }));
    expect(screen.getByTestId('url')).toHaveTextContent('/blog?category=engineering');
    expect(cardTitles()).toEqual(['Observability for Agents', 'Designing Tools']);
    expect(pressed(/^Engineering/)).toBe('true');
    expect(pressed('All')).toBe('false');
    expect(screen.getByText('2 posts in Engineering')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Agents in Production/ }));
    expect(screen.getByTestId('url')).toHaveTextContent('/blog?series=agents-in-production');
    expect(pressed(/^Engineering/)).toBe('false');
    expect(pressed(/^Agents in Production/)).toBe('true');
    expect(cardTitles()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: /^Security/ }));
    expect(pressed(/^Agents in Production/)).toBe('false');
    expect(cardTitles()).toEqual(['Prompt Injection Threat Model']);

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/blog$/);
    expect(cardTitles()).toHaveLength(4);
  });

  it('selects the category named in the query string on arrival', () => {
    renderWithProviders(<Harness initialSearch="?category=foundation" />);
    expect(pressed(/^Foundation/)).toBe('true');
    expect(cardTitles()).toEqual(['Getting Started with the Agents SDK']);
  });

  it('says so when a category has no posts, and Clear filters goes back to all posts', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initialSearch="?category=business" />);
    expect(screen.getByRole('heading', { name: 'No posts found' })).toBeInTheDocument();
    expect(screen.getByText('No posts available in this category')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cardTitles()).toHaveLength(4);
    expect(screen.queryByText('No posts found')).not.toBeInTheDocument();
  });

  it('fetches the search index only once the visitor types, then searches title, description, content and tags', async () => {
    const user = userEvent.setup();
    let requests = 0;
    server.use(
      http.get('*/blog-search-index.json', () => {
        requests += 1;
        return HttpResponse.json({ posts: index });
      }),
    );
    renderWithProviders(<Harness />);
    expect(requests).toBe(0);

    const searchbox = screen.getByRole('searchbox', { name: 'Search posts' });
    await user.type(searchbox, 'OPENTELEMETRY');
    expect(await screen.findByText('1 post matching “OPENTELEMETRY”')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Observability for Agents']);

    await user.clear(searchbox);
    await user.type(searchbox, 'permissions');
    await waitFor(() => expect(cardTitles()).toEqual(['Prompt Injection Threat Model']));
    expect(requests).toBe(1);
  });

  it('combines the search with the chosen filter and shows the exact empty-search text', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/blog-search-index.json', () => HttpResponse.json({ posts: index })));
    renderWithProviders(<Harness initialSearch="?category=engineering" />);

    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'sdk');
    expect(await screen.findByRole('heading', { name: 'No posts found' })).toBeInTheDocument();
    expect(screen.getByText(/No posts match your search for/)).toHaveTextContent(
      'No posts match your search for sdk',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('');
    expect(pressed('All')).toBe('true');
    expect(cardTitles()).toHaveLength(4);
  });

  it('reports a search index that cannot be loaded and retries on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('*/blog-search-index.json', () =>
        fail ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ posts: index }),
      ),
    );
    renderWithProviders(<Harness />);
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'tools');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is unavailable right now.');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Designing Tools']));
  });

  it('with many posts, loads further pages from build-time files on demand', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) =>
      card(
        `post-${i + 1}`,
        `Post ${i + 1}`,
        i % 2 === 0 ? 'engineering' : 'security',
        new Date(Date.UTC(2025, 0, 30 - i)).toISOString(),
      ),
    );
    const requested: string[] = [];
    server.use(
      http.get('*/blog-data/:list/:page', ({ params }) => {
        requested.push(`${String(params.list)}/${String(params.page)}`);
        const page = Number(String(params.page).replace('.json', ''));
        const matching =
          params.list === 'all'
            ? many
            : many.filter((post) => `category-${post.category}` === params.list);
        return HttpResponse.json({ posts: matching.slice((page - 1) * 12, page * 12) });
      }),
    );
    const source: ListingSource = {
      firstPage: many.slice(0, 12),
      totalCount: 30,
      countFor: (filter) =>
        filter.kind === 'all'
          ? 30
          : filter.kind === 'category' && filter.name === 'engineering'
            ? 15
            : 0,
    };
    renderWithProviders(<Harness source={source} />);
    expect(cardTitles()).toHaveLength(12);
    expect(screen.getByText('Showing 12 of 30 posts')).toBeInTheDocument();
    expect(requested).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(24));
    expect(requested).toEqual(['all/2.json']);
    expect(screen.getByRole('link', { name: 'Post 13' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
    expect(screen.getByText('30 posts')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Engineering/ }));
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
    expect(requested).toContain('category-engineering/1.json');
    expect(screen.getByText('Showing 12 of 15 posts in Engineering')).toBeInTheDocument();
  });

  it('opens social profiles in a new tab and reports social_click with the platform', async () => {
    const user = userEvent.setup();
    window.dataLayer = [];
    renderWithProviders(<Harness />);
    const youtube = screen.getByRole('link', { name: /YouTube/ });
    expect(youtube).toHaveAttribute('href', social.youtube);
    expect(youtube).toHaveAttribute('target', '_blank');
    expect(youtube).toHaveAttribute('rel', 'noopener noreferrer');
    youtube.addEventListener('click', (event) => event.preventDefault());
    await user.click(youtube);
    expect(window.dataLayer).toEqual([{ event: 'social_click', platform: 'youtube' }]);
    delete window.dataLayer;
  });
});
