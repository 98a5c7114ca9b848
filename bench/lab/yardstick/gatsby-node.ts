import path from 'node:path';
import type { GatsbyNode } from 'gatsby';

interface PostList {
  allMarkdownRemark: { nodes: { id: string; frontmatter: { slug: string } }[] };
}

/** One page per markdown file at /blog/{slug}, oldest first so each knows its neighbours. */
export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<PostList>(`
    {
      allMarkdownRemark(sort: { frontmatter: { date: ASC } }) {
        nodes {
          id
          frontmatter {
            slug
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not load the blog posts', result.errors);
    return;
  }
  const posts = result.data.allMarkdownRemark.nodes;
  const component = path.resolve('./src/templates/blog-post.tsx');
  posts.forEach((post, index) => {
    actions.createPage({
      path: `/blog/${post.frontmatter.slug}`,
      component,
      context: {
        id: post.id,
        previousPostId: posts[index - 1]?.id ?? null,
        nextPostId: posts[index + 1]?.id ?? null,
      },
    });
  });
};
