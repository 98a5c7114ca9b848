import type { GatsbyConfig } from 'gatsby';

/**
 * The build-scale benchmark's yardstick: a plain Gatsby markdown blog in the shape of
 * gatsby-starter-blog (markdown files → gatsby-transformer-remark → one page per post and an index
 * listing them all). bench/build-scale.mjs copies this folder to a temporary directory, links the
 * root node_modules and fills content/blog with the same generated posts our site builds.
 *
 * Code fences are highlighted with gatsby-remark-prismjs (as in the starter) so both builds do
 * comparable markdown work; everything else our site does (MDX, the other pages, images, feed,
 * sitemap) is deliberately absent.
 */
const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Yardstick blog',
    description: 'A plain Gatsby markdown blog used as the build-time yardstick.',
    siteUrl: 'http://localhost:9000',
  },
  // The templates use JSX without importing React (tsconfig's react-jsx).
  jsxRuntime: 'automatic',
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'blog', path: `${__dirname}/content/blog` },
    },
    {
      resolve: 'gatsby-transformer-remark',
      options: {
        plugins: [{ resolve: 'gatsby-remark-prismjs', options: { noInlineHighlight: true } }],
      },
    },
  ],
};

export default config;
