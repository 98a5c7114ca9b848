import { isProjectType, type ProjectType } from './model';

export const ALL = 'all';

export interface ProjectFilterState {
  /** A category name as written in projects.yaml, or ALL. */
  category: string;
  type: ProjectType | typeof ALL;
}

export const DEFAULT_FILTERS: ProjectFilterState = { category: ALL, type: ALL };

interface Filterable {
  category: string;
  type: ProjectType;
}

/** Categories in alphabetical order so the control reads the same however the YAML is ordered. */
export function distinctCategories(projects: readonly { category: string }[]): string[] {
  return [...new Set(projects.map((project) => project.category))].sort((a, b) =>
    a.localeCompare(b),
  );
}

export function filterProjects<T extends Filterable>(
  projects: readonly T[],
  filters: ProjectFilterState,
): T[] {
  return projects.filter(
    (project) =>
      (filters.category === ALL || project.category === filters.category) &&
      (filters.type === ALL || project.type === filters.type),
  );
}

/**
 * Reads ?category=…&type=… from a query string. Values that match no category or type fall back
 * to "all", so a stale or hand-edited link still shows projects instead of an empty page.
 */
export function parseFilters(search: string, categories: readonly string[]): ProjectFilterState {
  const params = new URLSearchParams(search);
  const category = params.get('category');
  const type = params.get('type');
  return {
    category: category !== null && categories.includes(category) ? category : ALL,
    type: isProjectType(type) ? type : ALL,
  };
}

/** The query string for a filter state ('' when both are "all", so the plain URL stays canonical). */
export function filtersToSearch(filters: ProjectFilterState): string {
  const params = new URLSearchParams();
  if (filters.category !== ALL) params.set('category', filters.category);
  if (filters.type !== ALL) params.set('type', filters.type);
  const query = params.toString();
  return query ? `?${query}` : '';
}
