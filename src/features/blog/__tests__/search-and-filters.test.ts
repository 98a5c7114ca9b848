import {
  compareNewestFirst,
  filterFromSearch,
  matchesFilter,
  sameFilter,
  searchForFilter,
  toKey,
  visibleTags,
} from '@site/contracts/blog/filters';
import { prepareIndex, searchPosts } from '../lib/search';
import type { SearchEntry } from '@site/contracts/blog/types';

function entry(overrides: Partial<SearchEntry> & { slug: string }): SearchEntry {
  return {
    id: overrides.slug,
    title: 'Untitled',
    excerpt: '',
    date: '2025-01-01T00:00:00.000Z',
    category: 'foundation',
    series: null,
    tags: [],
    description: '',
    content: '',
    ...overrides,
  };
}

const posts = [
  entry({
    slug: 'sdk',
    title: 'Getting Started with the Agents SDK',
    date: '2025-06-12T00:00:00.000Z',
    tags: ['python'],
  }),
  entry({
    slug: 'tools',
    title: 'Designing Tools',
    category: 'engineering',
    series: 'Agents in Production',
    date: '2025-07-08T00:00:00.000Z',
    description: 'Naming and schemas',
  }),
  entry({
    slug: 'obs',
    title: 'Observability',
    category: 'engineering',
    series: 'Agents in Production',
    date: '2025-08-05T00:00:00.000Z',
    content: 'Traces and OpenTelemetry spans',
  }),
  entry({
    slug: 'threats',
    title: 'Prompt Injection',
    category: 'security',
    series: 'Agents in Production',
    date: '2025-09-02T00:00:00.000Z',
    tags: ['Security'],
  }),
];
const index = prepareIndex(posts);
const slugs = (list: readonly { slug: string }[]) => list.map((post) => post.slug);

describe('searchPosts', () => {
  it('matches title, description, content and tags case-insensitively, newest first', () => {
    expect(slugs(searchPosts(index, 'agents sdk', { kind: 'all' }))).toEqual(['sdk']);
    expect(slugs(searchPosts(index, 'SCHEMAS', { kind: 'all' }))).toEqual(['tools']);
    expect(slugs(searchPosts(index, 'opentelemetry', { kind: 'all' }))).toEqual(['obs']);
    expect(slugs(searchPosts(index, 'PYTHON', { kind: 'all' }))).toEqual(['sdk']);
    expect(slugs(searchPosts(index, 'security', { kind: 'all' }))).toEqual(['threats']);
  });

  it('requires every word of the query', () => {
    expect(slugs(searchPosts(index, 'prompt python', { kind: 'all' }))).toEqual([]);
  });

  it('combines with the browse-by filter', () => {
    expect(slugs(searchPosts(index, 'o', { kind: 'category', name: 'engineering' }))).toEqual([
      'obs',
      'tools',
    ]);
    expect(
      slugs(searchPosts(index, 'injection', { kind: 'series', slug: 'agents-in-production' })),
    ).toEqual(['threats']);
    expect(
      slugs(searchPosts(index, 'injection', { kind: 'category', name: 'foundation' })),
    ).toEqual([]);
  });

  it('returns everything for a blank query', () => {
    expect(slugs(searchPosts(index, '   ', { kind: 'all' }))).toEqual([
      'threats',
      'obs',
      'tools',
      'sdk',
    ]);
  });
});

describe('browse-by filters', () => {
  it('reads the choice from the query string; category wins over series', () => {
    expect(filterFromSearch('')).toEqual({ kind: 'all' });
    expect(filterFromSearch('?category=security')).toEqual({ kind: 'category', name: 'security' });
    expect(filterFromSearch('?series=Agents%20in%20Production')).toEqual({
      kind: 'series',
      slug: 'agents-in-production',
    });
    expect(filterFromSearch('?series=x&category=foundation')).toEqual({
      kind: 'category',
      name: 'foundation',
    });
    expect(filterFromSearch('?category=')).toEqual({ kind: 'all' });
  });

  it('writes a choice back, replacing the other kind and keeping unrelated parameters', () => {
    expect(searchForFilter({ kind: 'category', name: 'security' }, '?series=s&utm_source=x')).toBe(
      '?utm_source=x&category=security',
    );
    expect(
      searchForFilter({ kind: 'series', slug: 'agents-in-production' }, '?category=security'),
    ).toBe('?series=agents-in-production');
    expect(searchForFilter({ kind: 'all' }, '?category=security')).toBe('');
  });

  it('matches posts and compares choices', () => {
    expect(
      posts.filter((post) => matchesFilter(post, { kind: 'category', name: 'engineering' })),
    ).toHaveLength(2);
    expect(
      posts.filter((post) =>
        matchesFilter(post, { kind: 'series', slug: toKey('Agents in Production') }),
      ),
    ).toHaveLength(3);
    expect(sameFilter({ kind: 'category', name: 'a' }, { kind: 'category', name: 'a' })).toBe(true);
    expect(sameFilter({ kind: 'category', name: 'a' }, { kind: 'series', slug: 'a' })).toBe(false);
  });

  it('orders newest first with slug as the tie-breaker', () => {
    const sorted = [
      { slug: 'b', date: '2025-01-01' },
      { slug: 'a', date: '2025-01-01' },
      { slug: 'c', date: '2025-02-01' },
    ].sort(compareNewestFirst);
    expect(slugs(sorted)).toEqual(['c', 'a', 'b']);
  });

  it('shows at most two tags and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});
