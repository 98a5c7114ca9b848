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
  readonly image?: {
    readonly childImageSharp?: { readonly gatsbyImageData: unknown } | null;
  } | null;
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
        // gatsby-transformer-sharp's JSON scalar is untyped; its shape is IGatsbyImageData by contract.
        image:
          (node.image?.childImageSharp?.gatsbyImageData as IGatsbyImageData | undefined) ?? null,
      },
    ];
  });
}
