import { graphql, useStaticQuery } from 'gatsby';

export interface EditorCategory {
  name: string;
  title: string;
  description: string;
}

/** Blog categories from content/categories.yaml, in their order on /blog. */
export function useCategories(): readonly EditorCategory[] {
  const data = useStaticQuery<Queries.EditorCategoriesQuery>(graphql`
    query EditorCategories {
      allCategoriesYaml(sort: { order: ASC }) {
        nodes {
          name
          title
          description
        }
      }
    }
  `);
  return data.allCategoriesYaml.nodes;
}
