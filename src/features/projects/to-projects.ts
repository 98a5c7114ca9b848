import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { isProjectStatus, isProjectType } from './model';
import type { Project } from './types';

/** A project as the gallery's page query selects it (Gatsby's generated type of that query). */
export type ProjectQueryNode = Queries.ProjectsPageQuery['allProjectsYaml']['nodes'][number];

/**
 * Narrows the query's plain strings to the gallery's vocabulary. The build already rejects bad
 * entries (node/validate-project.ts), so dropping one here only guards against schema drift.
 */
export function toProjects(nodes: readonly ProjectQueryNode[]): Project[] {
  return nodes.flatMap((node) => {
    const { type, status } = node;
    if (!isProjectType(type) || !isProjectStatus(status)) return [];
    return [
      {
        id: node.yamlId,
        title: node.title,
        description: node.description,
        type,
        url: node.url,
        technologies: [...node.technologies],
        status,
        category: node.category,
        githubUrl: node.githubUrl ?? null,
        // A JSON field, so untyped here; plugins/projects/images.ts makes it an IGatsbyImageData.
        image: (node.fields?.cardImage as IGatsbyImageData | undefined) ?? null,
      },
    ];
  });
}
