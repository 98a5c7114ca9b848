import { graphql, useStaticQuery } from 'gatsby';

export interface EditorCategory {
  name: string;
  title: string;
  description: string;
}

interface Data {
  allCategoriesYaml: { nodes: EditorCategory[] };
}

/** Blog categories from content/categories.yaml, in their order on /blog. */
export function useCategories(): EditorCategory[] {
  const data = useStaticQuery<Data>(graphql`
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
