import type { IGatsbyImageData } from 'gatsby-plugin-image';
import type { ProjectStatus, ProjectType } from './model';

/** A gallery entry as the components use it, after the page query's data has been checked. */
export interface Project {
  id: string;
  title: string;
  description: string;
  type: ProjectType;
  url: string;
  technologies: string[];
  status: ProjectStatus;
  category: string;
  githubUrl: string | null;
  image: IGatsbyImageData | null;
}
