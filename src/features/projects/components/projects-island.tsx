import React, { useCallback } from 'react';
import { island } from '@/lib/island';
import { useAddressSearch } from '@/lib/use-address-search';
import { filtersToSearch, type ProjectFilterState } from '../filters';
import type { Project } from '../types';
import { ProjectsGallery } from './projects-gallery';

export interface ProjectsIslandProps {
  projects: Project[];
}

/** The filters live in the address (?category=, ?type=…): Back and Forward step through them. */
function ProjectsRoot({ projects }: ProjectsIslandProps) {
  const [search, setSearch] = useAddressSearch();
  const onFiltersChange = useCallback(
    (next: ProjectFilterState) => setSearch(filtersToSearch(next)),
    [setSearch],
  );
  return <ProjectsGallery projects={projects} search={search} onFiltersChange={onFiltersChange} />;
}

/** The gallery with its filters, as an island; at once when the address asks for filters. */
export const ProjectsIsland = island('projects', ProjectsRoot, { load: 'query' });
