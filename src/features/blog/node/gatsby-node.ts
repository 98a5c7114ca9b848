import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FrontMatterError,
  findCollectionErrors,
  isBuilt,
  parseFrontMatter,
  readPostFields,
} from '@site/contracts';
import type { GatsbyNode, Node, Reporter } from 'gatsby';
import { toKey } from '../lib/filters';
import {
  buildListPages,
  LIST_DIRECTORY,
  SEARCH_INDEX_PATH,
  type SearchIndexFile,
} from '../lib/listing-files';
import { selectRelated } from '../lib/related';
import type { SearchEntry } from '../lib/types';
import { deriveExcerpt, extractHeadings, readingTimeMinutes, toPlainText } from './markdown';

const BLOG_SOURCE = 'blog';
const POST_TEMPLATE = path.resolve(__dirname, '../../../templates/blog-post.tsx');

function buildMode(): 'development' | 'production' {
  return process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

interface MdxNode extends Node {
  internal: Node['internal'] & { contentFilePath?: string };
}

interface FileNode extends Node {
  sourceInstanceName?: string;
  relativePath?: string;
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
  contentFilePath: string;
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

export const blogNode: Partial<GatsbyNode> = {
  createSchemaCustomization: ({ actions }) => {
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
        draft: Boolean!
        plainText: String!
        filePath: String!
        contentFilePath: String!
      }
    `);
  },

  onCreateNode: async ({ node, getNode, actions, createNodeId, createContentDigest, reporter }) => {
    if (node.internal.type !== 'Mdx' || !node.parent) return;
    const file = getNode(node.parent) as FileNode | undefined;
    if (file?.sourceInstanceName !== BLOG_SOURCE) return;
    const contentFilePath = (node as MdxNode).internal.contentFilePath;
    if (!contentFilePath) return;
    const filePath = path.relative(process.cwd(), contentFilePath);

    let parsed;
    try {
      parsed = parseFrontMatter(await readFile(contentFilePath, 'utf8'), filePath);
    } catch (error) {
      if (error instanceof FrontMatterError) {
        reporter.panicOnBuild(error.message);
        return;
      }
      throw error;
    }
    const result = readPostFields(parsed.data, filePath);
    if (!result.ok) {
      reportAll(reporter, result.errors);
      return;
    }
    const { fields } = result;
    if (!isBuilt(fields, buildMode())) {
      reporter.info(`Blog: leaving out the draft ${filePath} from this production build.`);
      return;
    }

    const plainText = toPlainText(parsed.body);
    const content = {
      ...fields,
      excerpt: fields.excerpt ?? deriveExcerpt(parsed.body),
      seriesSlug: fields.series ? toKey(fields.series) : null,
      headings: extractHeadings(parsed.body),
      readingTime: readingTimeMinutes(plainText),
      plainText,
      filePath,
      contentFilePath,
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
  },

  createPages: async ({ graphql, actions, reporter, store }) => {
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
            contentFilePath
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
      reporter.panicOnBuild(
        'Blog: could not query the posts to create their pages.',
        result.errors,
      );
      return;
    }
    const posts = result.data.allBlogPost.nodes;
    const categoryNames = result.data.allCategoriesYaml.nodes.map((category) => category.name);
    const errors = findCollectionErrors(posts, categoryNames);
    if (errors.length > 0) {
      reportAll(reporter, errors);
      return;
    }

    for (const post of posts) {
      actions.createPage({
        path: `/blog/${post.slug}`,
        component: `${POST_TEMPLATE}?__contentFilePath=${post.contentFilePath}`,
        context: {
          slug: post.slug,
          relatedIds: selectRelated(posts, post).map((related) => related.id),
        },
      });
    }

    const cards = posts.map(({ id, slug, title, excerpt, date, category, series, tags }) => ({
      id,
      slug,
      title,
      excerpt,
      date,
      category,
      series,
      tags,
    }));
    const publicDir = path.join(
      (store.getState() as { program: { directory: string } }).program.directory,
      'public',
    );
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
  },
};
