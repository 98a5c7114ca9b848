import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { isProjectStatus, isProjectType } from './model';
import type { Project } from './types';

/** The fields the page query selects; kept structural so tests need no generated Gatsby types. */
export interface ProjectQueryNode {
  readonly yamlId: string;
  readonly title: string;
  readonly description: string;
  readonly type: string;
  readonly url: string;
  readonly technologies: readonly string[];
  readonly status: string;
  readonly category: string;
  readonly githubUrl?: string | null;
  /** The card image, made from the project's image by the projects build plugin. */
  readonly fields?: { readonly cardImage?: unknown } | null;
}

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
