import { ProjectsIsland } from '@/features/projects/components/projects-island';
import { hydrateIslands } from '@/lib/hydrate-islands';

hydrateIslands(ProjectsIsland);
