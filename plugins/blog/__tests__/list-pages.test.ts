import { listPagePath } from '@site/contracts/blog/listing-files';
import type { SearchEntry } from '@site/contracts/blog/types';
import { buildListPages } from '../list-pages';

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
const slugs = (list: readonly { slug: string }[]) => list.map((post) => post.slug);

describe('buildListPages', () => {
  it('pages every list (all, each category, each series) newest first', () => {
    const files = buildListPages(posts, ['foundation', 'engineering', 'security', 'empty'], 2);
    expect([...files.keys()].sort()).toEqual([
      '/blog-data/all/1.json',
      '/blog-data/all/2.json',
      '/blog-data/category-engineering/1.json',
      '/blog-data/category-foundation/1.json',
      '/blog-data/category-security/1.json',
      '/blog-data/series-agents-in-production/1.json',
      '/blog-data/series-agents-in-production/2.json',
    ]);
    expect(slugs(files.get('/blog-data/all/1.json')?.posts ?? [])).toEqual(['threats', 'obs']);
    expect(
      slugs(
        files.get(listPagePath({ kind: 'series', slug: 'agents-in-production' }, 2))?.posts ?? [],
      ),
    ).toEqual(['tools']);
  });
});
