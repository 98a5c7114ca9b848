import React, { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import {
  DEFAULT_FILTERS,
  distinctCategories,
  filterProjects,
  parseFilters,
  type ProjectFilterState,
} from '../filters';
import type { Project } from '../types';
import { ProjectCard } from './project-card';
import { ProjectFilters } from './project-filters';
import { headingRow } from '@/styles/layout';

const Toolbar = styled.div`
  ${headingRow}
  margin-bottom: ${({ theme }) => theme.space[8]};
`;

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  grid-template-columns: 1fr;
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Empty = styled.div`
  padding: ${({ theme }) => theme.space[12]} ${({ theme }) => theme.space[6]};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;

  h3 {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }

  p {
    margin-bottom: ${({ theme }) => theme.space[6]};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The server render cannot know the query string, so the first client render must match it
 * (all projects) and the URL's filters apply right after hydration; otherwise React would report
 * a hydration mismatch whenever someone arrives with ?category=…
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export interface ProjectsGalleryProps {
  projects: readonly Project[];
  /** The current location's query string; the URL is the single source of the filter state. */
  search: string;
  /** Called with the new state; the page turns it into a history entry so back/forward work. */
  onFiltersChange: (next: ProjectFilterState) => void;
}

export function ProjectsGallery({ projects, search, onFiltersChange }: ProjectsGalleryProps) {
  const hydrated = useHydrated();
  const categories = useMemo(() => distinctCategories(projects), [projects]);
  const filters = hydrated ? parseFilters(search, categories) : DEFAULT_FILTERS;
  const visible = filterProjects(projects, filters);

  return (
    <>
      <Toolbar>
        <ProjectFilters categories={categories} value={filters} onChange={onFiltersChange} />
        <Count role="status">
          Showing {visible.length} of {projects.length} projects
        </Count>
      </Toolbar>
      {visible.length > 0 ? (
        <Grid>
          {visible.map((project, index) => (
            <li key={project.id}>
              <ProjectCard project={project} eager={index < 3} />
            </li>
          ))}
        </Grid>
      ) : (
        <Empty>
          <h3>No projects found</h3>
          <p>Try adjusting your filters to see more projects.</p>
          <Button variant="secondary" onClick={() => onFiltersChange(DEFAULT_FILTERS)}>
            Clear Filters
          </Button>
        </Empty>
      )}
    </>
  );
}
