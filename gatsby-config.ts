import type { GatsbyConfig } from 'gatsby';
import { rehypePostRules } from '@site/pipeline';
import remarkGfm from 'remark-gfm';
import path from 'node:path';
import { blogFeedOptions } from './plugins/blog/feed';
import { unlistedPagePatterns } from '@site/contracts';
import { serveTools } from './plugins/dev-tools/serve-tools';
import { siteAdapter } from './plugins/site-adapter';

const siteUrl = (process.env.SITE_URL ?? 'http://localhost:8000').replace(/\/$/, '');

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'AgentWorks',
    description:
      'AgentWorks designs, builds and secures custom AI agents that take real work off your team: consultation, integration, RAG and voice agents.',
    siteUrl,
    social: {
      youtube: 'https://www.youtube.com/@agentworks',
      instagram: 'https://www.instagram.com/agentworks',
      facebook: 'https://www.facebook.com/agentworks',
    },
  },
  // Types for page queries (src/gatsby-types.d.ts, committed so a fresh clone type-checks before a build).
  graphqlTypegen: { generateOnBuild: true },
  // Only used by `gatsby develop` (npm run develop): the API runs beside it.
  proxy: { prefix: '/api', url: process.env.API_PROXY_URL ?? 'http://127.0.0.1:8000' },
  // Only used by `gatsby develop`: the built-in tools answer as the production server answers
  // (Gatsby runs from the project folder).
  developMiddleware: (app: { use(handler: ReturnType<typeof serveTools>): void }) => {
    app.use(serveTools(path.resolve('static/tools')));
  },
  trailingSlash: 'never',
  // After `gatsby build`, writes site-manifest.json beside public/: client-only routes, cache
  // headers and the pages' inline-script hashes, which the server reads (plugins/site-adapter).
  adapter: siteAdapter(),
  plugins: [
    // Production bundles carry no component names: class names stay the hashed ids (which the
    // server render and the browser agree on through the plugin's `ssr` ids), every styled
    // component is annotated pure so unused ones are dropped, and the names and file names (about
    // 30 bytes per component, in the scripts and in every class attribute) are left to development.
    {
      resolve: 'gatsby-plugin-styled-components',
      options: {
        displayName: process.env.NODE_ENV !== 'production',
        fileName: process.env.NODE_ENV !== 'production',
        pure: true,
      },
    },
    // gatsby-plugin-image is a dependency for its types only, not a plugin here: images are plain
    // <picture> markup (src/components/ui/responsive-image.tsx), and as a plugin it would add a
    // Babel pass over every source file in both webpack stages and an inline style and module
    // script to every page's head, for a GatsbyImage no page renders. The gallery's card images
    // are made once per image, not per build (plugins/projects/images.ts).
    // BLOG_CONTENT_DIR points the blog at another folder, e.g. generated posts for scale checks.
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'blog', path: process.env.BLOG_CONTENT_DIR ?? `${__dirname}/content/blog` },
    },
    {
      resolve: 'gatsby-source-filesystem',
      // content/blog-media/ holds the posts' own pictures, which plugins/blog makes into pages'
      // pictures itself; they are not File nodes.
      options: {
        name: 'content',
        path: `${__dirname}/content`,
        ignore: ['**/blog/**', '**/blog-media/**'],
      },
    },
    // Markdown posts (.md) go through the one content pipeline in the local `blog` plugin: text
    // compiled to sanitised HTML, never code. gatsby-plugin-mdx compiles only .mdx files, which
    // come through git from people trusted with code; the editor's desk never writes them.
    {
      resolve: 'gatsby-plugin-mdx',
      options: {
        extensions: ['.mdx'],
        mdxOptions: {
          remarkPlugins: [remarkGfm],
          rehypePlugins: [rehypePostRules],
        },
        gatsbyRemarkPlugins: [
          {
            resolve: 'gatsby-remark-autolink-headers',
            options: { isIconAfterHeader: true, elements: ['h2', 'h3', 'h4'] },
          },
          { resolve: 'gatsby-remark-prismjs', options: { noInlineHighlight: true } },
        ],
      },
    },
    // Local plugins (plugins/<name>): build-time code only, never imported by the browser.
    'blog',
    // content/*.yaml: read with the one content reader, checked against contracts/src/site-content.ts,
    // one node type per file (content/pricing.yaml → PricingYaml; a list file, one node per entry).
    'site-content',
    'projects',
    'seo',
    // Moves Gatsby's working files (webpack.stats.json, chunk-map.json) out of the served folder.
    'build-internals',
    { resolve: 'gatsby-plugin-feed', options: blogFeedOptions },
    {
      resolve: 'gatsby-plugin-sitemap',
      options: {
        // Staff and token pages are no place for a search engine: only public pages are listed
        // (the app pages, their document stand-ins and the not-found pages: contracts/src/site-build.ts),
        // and no client-only route's page, nor Gatsby's development 404 page.
        excludes: [...unlistedPagePatterns(), '/**/\\[...\\]', '/dev-404-page'],
      },
    },
    // Document pages without Gatsby's runtime, the island entries and their loader
    // (plugins/islands; its webpack changes are applied by webpack-settings, below).
    'islands',
    // A document page's style sheet holds only the rules its elements can use (plugins/document-css).
    'document-css',
    // The parts of app pages that the server draws at request time (plugins/request-render).
    'request-render',
    // Every prebuilt page's social card, drawn after the build into public/og/ (plugins/social-cards).
    'social-cards',
    // Gatsby adds this plugin by itself, after every listed one; listed here, it comes before
    // webpack-settings, which drops the second Babel pass its webpack rule adds.
    'gatsby-plugin-typescript',
    // The one place that changes Gatsby's webpack configs: the islands', request-render's and
    // social-cards' changes, then the production settings, in the order written in
    // plugins/webpack-settings/compose.ts.
    'webpack-settings',
    // Last: after every other plugin has written its files, scripts and styles get their
    // Brotli-11 twins.
    'precompress',
  ],
};

export default config;
