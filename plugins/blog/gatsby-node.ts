import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  findCollectionErrors,
  HOME_LATEST_SEED,
  isBuilt,
  POST_NOT_FOUND_PAGE,
  type PostFields,
} from '@site/contracts';
import {
  CompileError,
  createCompilePool,
  FEED_DATA_FILE,
  FEED_LIMIT,
  FEED_SPARE,
  type FeedData,
  feedChannel,
  type FeedPost,
  outlineMdx,
  readPostFile,
} from '@site/pipeline';
import type { GatsbyNode, Node, Reporter } from 'gatsby';
import { toKey } from '@site/contracts/blog/filters';
import {
  LIST_DIRECTORY,
  SEARCH_INDEX_PATH,
  type SearchIndexFile,
} from '@site/contracts/blog/listing-files';
import type { SearchEntry } from '@site/contracts/blog/types';
import { siteDirectory } from '../lib/site-dir';
import { FEED_CHANNEL, FEED_SITE_QUERY, feedPostsQuery } from './feed';
import { buildListPages } from './list-pages';
import { CACHE_DIR, pictureWork, publishPostPictures, resolvePostPictures } from './post-images';
import { selectRelated } from './related';

/**
 * The blog's part of the build, around the one content pipeline (@site/pipeline):
 *
 * - every `.md` file of the `blog` source is read once (front matter as YAML, checked by the
 *   contracts' schema) and compiled to HTML with its headings, plain text and excerpt, all stored
 *   on a BlogPost node; one template renders every such post, so a post adds a page, not a
 *   webpack module;
 * - `.mdx` files (written in git by people trusted with code) are compiled by gatsby-plugin-mdx
 *   and rendered by their own template; their front matter goes through the same reader;
 * - categories, slugs and series positions are checked across all posts; list page files and the
 *   search index are written for /blog;
 * - the "Post Not Found" page, which the server sends with status 404 for any other /blog/*
 *   address, is built once (see src/features/blog/lib/not-found.ts).
 *
 * A mistake stops the build with a sentence naming the file, the field or the line.
 */

const BLOG_SOURCE = 'blog';

/**
 * Many markdown posts compile on worker threads while Gatsby's main thread goes on with its own
 * work (a handful compile in-thread; see createCompilePool).
 */
const compiler = createCompilePool();

function buildMode(): 'development' | 'production' {
  return process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

interface FileNode extends Node {
  sourceInstanceName?: string;
  absolutePath?: string;
  extension?: string;
}

interface MdxNode extends Node {
  internal: Node['internal'] & { contentFilePath?: string };
}

interface PostRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  date: string;
  category: string;
  series: string | null;
  seriesOrder: number | null;
  tags: string[];
  excerpt: string;
  plainText: string;
  filePath: string;
  format: 'md' | 'mdx';
  contentFilePath: string;
  imageKeys: string[];
  coverImage: unknown;
  coverAlt: string | null;
}

interface CreatePagesData {
  allBlogPost: { nodes: PostRow[] };
  allCategoriesYaml: { nodes: { name: string }[] };
}

function reportAll(reporter: Reporter, messages: readonly string[]): void {
  for (const message of messages) reporter.panicOnBuild(message);
}

async function writeJson(publicDir: string, urlPath: string, value: unknown): Promise<void> {
  const target = path.join(publicDir, urlPath);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(value));
}

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(`
    type CategoriesYaml implements Node @dontInfer {
      name: String!
      title: String!
      description: String!
      order: Int!
    }
    type BlogHeading {
      level: Int!
      text: String!
      id: String!
    }
    type BlogPost implements Node @dontInfer {
      slug: String!
      title: String!
      description: String!
      date: Date! @dateformat
      category: String!
      categoryInfo: CategoriesYaml @link(by: "name", from: "category")
      author: String
      tags: [String!]!
      excerpt: String!
      headings: [BlogHeading!]!
      series: String
      seriesSlug: String
      seriesOrder: Int
      readingTime: Int!
      wordCount: Int!
      draft: Boolean!
      plainText: String!
      "The body as HTML (markdown posts); empty for MDX posts, whose body is their page component."
      html: String!
      format: String!
      filePath: String!
      contentFilePath: String!
      "The cover as media/<file> (content/blog-media/<slug>/) and what it shows."
      cover: String
      coverAlt: String
      "The cover as the image service made it (PostPicture: size, placeholder, srcsets)."
      coverImage: JSON
      "Cache keys of the post's pictures (plugins/blog/post-images.ts), put in public/ by every build."
      imageKeys: [String!]!
    }
  `);
};

interface Outline {
  html: string;
  headings: { level: number; text: string; id: string }[];
  plainText: string;
  excerpt: string;
  readingTime: number;
  wordCount: number;
}

export const onCreateNode: GatsbyNode['onCreateNode'] = async ({
  node,
  getNode,
  actions,
  loadNodeContent,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  let file: FileNode | undefined;
  let format: 'md' | 'mdx';
  if (node.internal.type === 'File') {
    file = node as FileNode;
    if (file.sourceInstanceName !== BLOG_SOURCE || file.extension !== 'md') return;
    format = 'md';
  } else if (node.internal.type === 'Mdx' && node.parent) {
    file = getNode(node.parent) as FileNode | undefined;
    if (file?.sourceInstanceName !== BLOG_SOURCE) return;
    format = 'mdx';
  } else {
    return;
  }
  const absolutePath =
    format === 'md' ? file.absolutePath : (node as MdxNode).internal.contentFilePath;
  if (!absolutePath) return;
  const filePath = path.relative(process.cwd(), absolutePath);
  const source =
    format === 'md' ? await loadNodeContent(file) : await readFile(absolutePath, 'utf8');

  const read = readPostFile(source, filePath);
  if (!read.ok) {
    reportAll(reporter, read.errors);
    return;
  }
  const fields: PostFields = read.fields;
  if (!isBuilt(fields, buildMode())) {
    reporter.info(`Blog: leaving out the draft ${filePath} from this production build.`);
    return;
  }

  let outline: Outline;
  let pictures: Awaited<ReturnType<typeof resolvePostPictures>> | null = null;
  try {
    if (format === 'md') {
      pictures = await resolvePostPictures(
        siteDirectory(),
        absolutePath,
        fields.slug,
        read.body,
        fields.cover,
      );
      for (const warning of pictures.warnings) reporter.warn(`${filePath}: ${warning}`);
    }
    outline =
      format === 'md'
        ? await compiler.compile(read.body, {
            pictures: pictures?.options,
            unresolvedImages: pictures?.unresolved,
          })
        : { ...outlineMdx(read.body), html: '' };
  } catch (error) {
    if (!(error instanceof CompileError)) {
      reporter.panicOnBuild(
        `${filePath}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    reportAll(
      reporter,
      error.problems.map(
        (problem) => `${filePath}: line ${read.bodyLine + problem.line - 1} ${problem.message}`,
      ),
    );
    return;
  }

  const { images: _images, ...compiled } = { images: null, ...outline };
  const content = {
    ...fields,
    ...compiled,
    coverImage: pictures?.cover ?? null,
    imageKeys: pictures?.keys ?? [],
    excerpt: fields.excerpt ?? outline.excerpt,
    seriesSlug: fields.series ? toKey(fields.series) : null,
    format,
    filePath,
    contentFilePath: absolutePath,
  };
  const postNode = {
    ...content,
    id: createNodeId(`BlogPost >>> ${node.id}`),
    parent: node.id,
    children: [],
    internal: { type: 'BlogPost', contentDigest: createContentDigest(content) },
  };
  actions.createNode(postNode);
  actions.createParentChildLink({ parent: node, child: postNode as unknown as Node });
};

export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<CreatePagesData>(`
    query BlogCreatePages {
      allBlogPost(sort: [{ date: DESC }, { slug: ASC }]) {
        nodes {
          id
          slug
          title
          description
          date
          category
          series
          seriesOrder
          tags
          excerpt
          plainText
          filePath
          format
          contentFilePath
          imageKeys
          coverImage
          coverAlt
        }
      }
      allCategoriesYaml(sort: { order: ASC }) {
        nodes {
          name
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Blog: could not query the posts to create their pages.', result.errors);
    return;
  }
  // This file runs compiled from .cache/, so paths start at the site's own folder.
  const siteDir = siteDirectory();
  const markdownTemplate = path.join(siteDir, 'src/templates/blog-post.tsx');
  const mdxTemplate = path.join(siteDir, 'src/templates/blog-post-mdx.tsx');
  const posts = result.data.allBlogPost.nodes;
  try {
    const keys = new Set(posts.flatMap((post) => post.imageKeys));
    const linked = await publishPostPictures(siteDir, keys);
    // Posts unchanged since the last build are not read again, so "kept" counts only the pictures
    // of posts read by this build that an earlier build had made.
    reporter.info(
      `Blog: ${keys.size} post pictures in the site (${linked} files put in public/); ` +
        `${pictureWork.made} made by this build (${(pictureWork.madeMs / 1000).toFixed(1)} s of encoding), ` +
        `${pictureWork.kept} found kept in ${CACHE_DIR}/.`,
    );
  } catch (error) {
    reporter.panicOnBuild(`Blog: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const categoryNames = result.data.allCategoriesYaml.nodes.map((category) => category.name);
  const errors = findCollectionErrors(posts, categoryNames);
  if (errors.length > 0) {
    reportAll(reporter, errors);
    return;
  }

  for (const post of posts) {
    actions.createPage({
      path: `/blog/${post.slug}`,
      component:
        post.format === 'mdx'
          ? `${mdxTemplate}?__contentFilePath=${post.contentFilePath}`
          : markdownTemplate,
      context: {
        slug: post.slug,
        relatedIds: selectRelated(posts, post).map((related) => related.id),
      },
    });
  }

  // Rendered by the 404 page component, which shows the post screen for addresses under /blog/.
  actions.createPage({
    path: POST_NOT_FOUND_PAGE,
    component: path.join(siteDir, 'src/pages/404.tsx'),
    context: {},
  });

  const cards = posts.map(
    ({ id, slug, title, excerpt, date, category, series, tags, coverImage, coverAlt }) => ({
      id,
      slug,
      title,
      excerpt,
      date,
      category,
      series,
      tags,
      coverImage,
      coverAlt,
    }),
  );
  const publicDir = path.join(siteDir, 'public');
  // Stale pages of a renamed category or a shrunk list must not linger between builds.
  await rm(path.join(publicDir, LIST_DIRECTORY), { recursive: true, force: true });
  await Promise.all(
    [...buildListPages(cards, categoryNames)].map(([urlPath, file]) =>
      writeJson(publicDir, urlPath, file),
    ),
  );
  const index: SearchIndexFile = {
    posts: posts.map((post, i): SearchEntry => ({
      ...(cards[i] as (typeof cards)[number]),
      description: post.description,
      content: post.plainText,
    })),
  };
  await writeJson(publicDir, SEARCH_INDEX_PATH, index);
};

/** The server answers unknown /blog/* addresses with the post-not-found page: it must be built. */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter, graphql }) => {
  const siteDir = siteDirectory();
  const file = path.join(siteDir, 'public', POST_NOT_FOUND_PAGE);
  try {
    await readFile(file, 'utf8');
  } catch {
    reporter.panicOnBuild(`Blog: the post-not-found page ${file} was not built.`);
  }
  await writeFeedData(siteDir, graphql, reporter);
  await writeLatestSeed(siteDir, graphql, reporter);
};

/**
 * The answer the home page's "Latest Insights" was drawn from (the section's static query and the
 * words of content/home.yaml), as the slot's seed: the server finds the section as built with it,
 * and draws it with the posts changed after this build.
 */
async function writeLatestSeed(
  siteDir: string,
  graphql: Parameters<NonNullable<GatsbyNode['onPostBuild']>>[0]['graphql'],
  reporter: Reporter,
): Promise<void> {
  const result = await graphql<{
    homeYaml: { insights: Record<string, string> } | null;
    allBlogPost: { nodes: unknown[] };
  }>(`
    query BlogHomeLatestSeed {
      homeYaml {
        insights {
          title
          lead
          empty
          more
        }
      }
      allBlogPost(sort: { date: DESC }, limit: 3) {
        nodes {
          id
          slug
          title
          excerpt
          date
          coverImage
          coverAlt
        }
      }
    }
  `);
  if (!result.data?.homeYaml) {
    reporter.panicOnBuild('Blog: could not query the home page latest posts.', result.errors);
    return;
  }
  const seed = {
    result: { data: { copy: result.data.homeYaml.insights, posts: result.data.allBlogPost.nodes } },
  };
  const out = path.join(siteDir, 'public', HOME_LATEST_SEED);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(seed));
}

/**
 * The feed's data for the server, which draws /rss.xml with the posts published after this build
 * until the next is served: the same queries as gatsby-plugin-feed's, and the channel its
 * `setup` gives the writer (the site's metadata, its default generator, the feed's own options).
 */
async function writeFeedData(
  siteDir: string,
  graphql: Parameters<NonNullable<GatsbyNode['onPostBuild']>>[0]['graphql'],
  reporter: Reporter,
): Promise<void> {
  const site = await graphql<{
    site: { siteMetadata: Record<string, unknown> & { siteUrl: string } };
  }>(FEED_SITE_QUERY);
  const posts = await graphql<{ allBlogPost: { nodes: FeedPost[] } }>(
    feedPostsQuery(FEED_LIMIT + FEED_SPARE),
  );
  if (!site.data || !posts.data) {
    reporter.panicOnBuild('Blog: could not query the feed data.', site.errors ?? posts.errors);
    return;
  }
  const { siteMetadata } = site.data.site;
  const data: FeedData = {
    channel: feedChannel({ ...siteMetadata, generator: 'GatsbyJS', ...FEED_CHANNEL }),
    siteUrl: siteMetadata.siteUrl,
    posts: posts.data.allBlogPost.nodes,
  };
  const out = path.join(siteDir, 'public', FEED_DATA_FILE);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(data));
}
