import { graphql } from 'gatsby';
import { MdxPostHead, MdxPostPage } from '@/features/blog/components/post-page';
import '@/features/blog/styles/prism-theme.css';

/*
 * An MDX post (content/blog/*.mdx). MDX is code: only people trusted with the repository write
 * these, through git; the editor's desk writes markdown only. gatsby-plugin-mdx compiles the body
 * and hands it to this page's component as children; MdxPostPage draws it with the components of
 * src/features/blog/mdx, inside the same PostPage and PostHead as the markdown template, from the
 * same query fragments.
 *
 * gatsby-plugin-mdx reads this file with a plain JavaScript parser before TypeScript is removed,
 * so it holds no type syntax: the typed code is in post-page.tsx.
 */
export default MdxPostPage;

export const Head = MdxPostHead;

export const query = graphql`
  query BlogPostMdxBySlug($slug: String!, $relatedIds: [String!]!) {
    ...BlogPostPageContext
    blogPost(slug: { eq: $slug }) {
      ...BlogPostPage
    }
  }
`;
