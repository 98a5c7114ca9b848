import {
  ALL,
  DEFAULT_FILTERS,
  distinctCategories,
  filterProjects,
  filtersToSearch,
  parseFilters,
} from '../filters';
import { buildProject } from './project-builders';

const projects = [
  buildProject({ id: 'drowsiness', category: 'Fun Tools', type: 'html' }),
  buildProject({ id: 'timer', category: 'Productivity', type: 'html' }),
  buildProject({ id: 'playground', category: 'AI Agents', type: 'react' }),
  buildProject({ id: 'triage', category: 'AI Agents', type: 'react' }),
  buildProject({ id: 'docs', category: 'AI Agents', type: 'other' }),
];
const ids = (list: { id: string }[]) => list.map((project) => project.id);

describe('distinctCategories', () => {
  it('lists each category once, alphabetically', () => {
    expect(distinctCategories(projects)).toEqual(['AI Agents', 'Fun Tools', 'Productivity']);
  });
});

describe('filterProjects', () => {
  it('returns everything, in order, when both filters are "all"', () => {
    expect(ids(filterProjects(projects, DEFAULT_FILTERS))).toEqual([
      'drowsiness',
      'timer',
      'playground',
      'triage',
      'docs',
    ]);
  });

  it('filters by category', () => {
    expect(ids(filterProjects(projects, { category: 'AI Agents', type: ALL }))).toEqual([
      'playground',
      'triage',
      'docs',
    ]);
  });

  it('filters by type', () => {
    expect(ids(filterProjects(projects, { category: ALL, type: 'html' }))).toEqual([
      'drowsiness',
      'timer',
    ]);
  });

  it('combines both filters, possibly into an empty list', () => {
    expect(ids(filterProjects(projects, { category: 'AI Agents', type: 'other' }))).toEqual([
      'docs',
    ]);
    expect(filterProjects(projects, { category: 'Fun Tools', type: 'react' })).toEqual([]);
  });
});

describe('the filter query string', () => {
  const categories = distinctCategories(projects);

  it('reads category and type from the URL', () => {
    expect(parseFilters('?category=Fun+Tools&type=html', categories)).toEqual({
      category: 'Fun Tools',
      type: 'html',
    });
    expect(parseFilters('?type=react&category=AI%20Agents', categories)).toEqual({
      category: 'AI Agents',
      type: 'react',
    });
  });

  it('falls back to "all" for missing or unknown values', () => {
    expect(parseFilters('', categories)).toEqual(DEFAULT_FILTERS);
    expect(parseFilters('?category=Cooking&type=vue', categories)).toEqual(DEFAULT_FILTERS);
  });

  it('writes only the filters that are set and round-trips through parseFilters', () => {
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe('');
    expect(filtersToSearch({ category: ALL, type: 'other' })).toBe('?type=other');
    const search = filtersToSearch({ category: 'Fun Tools', type: 'html' });
    expect(search).toBe('?category=Fun+Tools&type=html');
    expect(parseFilters(search, categories)).toEqual({ category: 'Fun Tools', type: 'html' });
  });
});
