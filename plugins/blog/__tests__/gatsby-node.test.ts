import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CreateNodeArgs } from 'gatsby';
import { createPages, onCreateNode, onPostBuild } from '../gatsby-node';

let dir: string;
const originalEnv = process.env.NODE_ENV;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'blog-node-'));
});
afterEach(async () => {
  process.env.NODE_ENV = originalEnv;
  await rm(dir, { recursive: true, force: true });
});

const frontMatter = (extra = '') =>
  `---\ntitle: "Hello"\nslug: hello\ndescription: "A post"\ndate: 2025-06-12\ncategory: foundation\n${extra}---\n\n## First\n\nSome words here.\n`;

/** Runs onCreateNode for a markdown file of the blog source, as gatsby-source-filesystem makes it. */
async function createNodeFor(source: string, extension: 'md' | 'mdx' = 'md') {
  const file = path.join(dir, `post.${extension}`);
  await writeFile(file, source);
  const reporter = { panicOnBuild: jest.fn(), info: jest.fn() };
  const actions = { createNode: jest.fn(), createParentChildLink: jest.fn() };
  const fileNode = {
    id: 'file-1',
    parent: null,
    children: [],
    sourceInstanceName: 'blog',
    absolutePath: file,
    extension,
    internal: { type: 'File', owner: 'gatsby-source-filesystem', contentDigest: 'd' },
  };
  const node =
    extension === 'md'
      ? fileNode
      : {
          id: 'mdx-1',
          parent: 'file-1',
          children: [],
          internal: {
            type: 'Mdx',
            contentFilePath: file,
            owner: 'gatsby-plugin-mdx',
            contentDigest: 'd',
          },
        };
  // The plugins take the site's folder from the folder Gatsby runs in.
  jest.spyOn(process, 'cwd').mockReturnValue(dir);
  await onCreateNode!(
    {
      node,
      getNode: () => fileNode,
      loadNodeContent: async () => source,
      actions,
      reporter,
      createNodeId: (seed: string) => `id:${seed}`,
      createContentDigest: () => 'digest',
    } as unknown as CreateNodeArgs,
    {} as never,
    () => undefined,
  );
  return { reporter, actions, file: path.relative(process.cwd(), file) };
}

afterEach(() => jest.restoreAllMocks());

describe('onCreateNode', () => {
  it('creates a BlogPost with compiled HTML, excerpt, headings and reading time', async () => {
    const { actions, reporter } = await createNodeFor(frontMatter('tags: [a, b]\n'));
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(actions.createNode).toHaveBeenCalledWith(
      expect.objectContaining({
        slug: 'hello',
        tags: ['a', 'b'],
        excerpt: 'Some words here.',
        headings: [{ level: 2, text: 'First', id: 'first' }],
        readingTime: 1,
        draft: false,
        format: 'md',
        html: expect.stringContaining('<p>Some words here.</p>'),
        parent: 'file-1',
        internal: expect.objectContaining({ type: 'BlogPost' }),
      }),
    );
  });

  it('compiles a body with code in it as text, never as code', async () => {
    const { actions } = await createNodeFor(
      frontMatter() + '\n{process.exit(1)} and <script>alert(1)</script>\n',
    );
    const [[post]] = actions.createNode.mock.calls as [[{ html: string }]];
    expect(post.html).toContain('{process.exit(1)} and &#x3C;script>alert(1)&#x3C;/script>');
  });

  it('shows the MDX components a .md body names as the text typed: a .md post is never MDX', async () => {
    const { actions } = await createNodeFor(
      frontMatter() +
        '\n<Callout tone="warning" title="T">Careful</Callout>\n\n<AgentLoopDiagram caption="c" maxTurns={8} />\n',
    );
    const [[post]] = actions.createNode.mock.calls as [[{ html: string; format: string }]];
    expect(post.format).toBe('md');
    expect(post.html).toContain('&#x3C;Callout tone="warning" title="T">Careful&#x3C;/Callout>');
    expect(post.html).toContain('&#x3C;AgentLoopDiagram caption="c" maxTurns={8} />');
    expect(post.html).not.toMatch(/<aside|<figure|role="(?:note|img)"/);
  });

  it('reads the front matter of an MDX post with the same reader and outlines its tree', async () => {
    const { actions, reporter } = await createNodeFor(
      frontMatter().replace('Some words here.', 'Some <Em>words</Em> here {1 + 1}.'),
      'mdx',
    );
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(actions.createNode).toHaveBeenCalledWith(
      expect.objectContaining({
        format: 'mdx',
        html: '',
        excerpt: 'Some words here .',
        headings: [{ level: 2, text: 'First', id: 'first' }],
        parent: 'mdx-1',
      }),
    );
  });

  it('fails the build with "No frontmatter found" and the path when the block is missing', async () => {
    const { reporter, actions, file } = await createNodeFor('## No front matter\n');
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`^No frontmatter found in ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      ),
    );
    expect(actions.createNode).not.toHaveBeenCalled();
  });

  it('fails the build naming the file and line of YAML that cannot be read', async () => {
    const { reporter, file } = await createNodeFor(
      frontMatter().replace('title: "Hello"', 'title: Agents: a primer'),
    );
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`^Front matter line 2 of ${file.replace(/\./g, '\\.')} cannot be read`),
      ),
    );
  });

  it('fails the build naming the file and field when a required field is missing', async () => {
    const { reporter, file } = await createNodeFor('---\ntitle: Only a title\n---\nText');
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      `${file}: front matter field "slug" is required and missing or empty.`,
    );
  });

  it('fails the build naming the file line of a character a file cannot carry', async () => {
    const { reporter, file } = await createNodeFor(frontMatter() + 'bad \u0007 bell\n');
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      `${file}: line 12 contains an invisible control character; delete it and type the text again.`,
    );
  });

  it('leaves drafts out of a production build but keeps them in development', async () => {
    process.env.NODE_ENV = 'production';
    const production = await createNodeFor(frontMatter('draft: true\n'));
    expect(production.actions.createNode).not.toHaveBeenCalled();

    process.env.NODE_ENV = 'development';
    const development = await createNodeFor(frontMatter('draft: true\n'));
    expect(development.actions.createNode).toHaveBeenCalledWith(
      expect.objectContaining({ draft: true }),
    );
  });
});

describe('createPages', () => {
  const row = (slug: string, category: string, date: string) => ({
    id: `id-${slug}`,
    slug,
    title: slug,
    description: `about ${slug}`,
    date,
    category,
    series: null,
    seriesOrder: null,
    tags: [],
    excerpt: 'x',
    plainText: `text of ${slug}`,
    filePath: `content/blog/${slug}.md`,
    format: 'md',
    contentFilePath: `/site/content/blog/${slug}.md`,
    imageKeys: [],
  });

  async function run(posts: ReturnType<typeof row>[]) {
    const reporter = { panicOnBuild: jest.fn(), info: jest.fn() };
    const actions = { createPage: jest.fn() };
    // The plugins take the site's folder from the folder Gatsby runs in.
    jest.spyOn(process, 'cwd').mockReturnValue(dir);
    await createPages!(
      {
        graphql: jest.fn().mockResolvedValue({
          data: {
            allBlogPost: { nodes: posts },
            allCategoriesYaml: { nodes: [{ name: 'foundation' }, { name: 'engineering' }] },
          },
        }),
        actions,
        reporter,
      } as unknown as Parameters<NonNullable<typeof createPages>>[0],
      {} as never,
      () => undefined,
    );
    return { reporter, actions };
  }

  it('creates a page per post with related posts of the same category, and writes the list and search files', async () => {
    const { actions, reporter } = await run([
      row('c', 'foundation', '2025-03-01T00:00:00.000Z'),
      row('b', 'foundation', '2025-02-01T00:00:00.000Z'),
      row('a', 'engineering', '2025-01-01T00:00:00.000Z'),
    ]);
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    // One page per post and the post-not-found page, rendered by the 404 page component.
    expect(actions.createPage).toHaveBeenCalledTimes(4);
    expect(actions.createPage).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/blog/c', context: { slug: 'c', relatedIds: ['id-b'] } }),
    );
    expect(actions.createPage).toHaveBeenCalledWith({
      path: '/blog/404.html',
      component: path.join(dir, 'src/pages/404.tsx'),
      context: {},
    });
    const index = JSON.parse(
      await readFile(path.join(dir, 'public/blog-search-index.json'), 'utf8'),
    ) as { posts: { slug: string; content: string }[] };
    expect(index.posts.map((post) => [post.slug, post.content])).toEqual([
      ['c', 'text of c'],
      ['b', 'text of b'],
      ['a', 'text of a'],
    ]);
    const firstPage = JSON.parse(
      await readFile(path.join(dir, 'public/blog-data/category-foundation/1.json'), 'utf8'),
    ) as { posts: { slug: string }[] };
    expect(firstPage.posts.map((post) => post.slug)).toEqual(['c', 'b']);
  });

  it('fails the build for an unknown category or a duplicate slug, naming file and field', async () => {
    const { reporter, actions } = await run([
      row('a', 'news', '2025-01-01T00:00:00.000Z'),
      { ...row('a', 'foundation', '2025-01-02T00:00:00.000Z'), filePath: 'content/blog/copy.md' },
    ]);
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      'content/blog/a.md: front matter field "category" is "news", which is not in content/categories.yaml (known: foundation, engineering).',
    );
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      'content/blog/copy.md: front matter field "slug" is "a", already used by content/blog/a.md; slugs must be unique.',
    );
    expect(actions.createPage).not.toHaveBeenCalled();
  });
});

/** The feed's and the home page's queries, answered as a build with one post would. */
const POST = {
  slug: 'one',
  title: 'One <post>',
  description: 'About one',
  date: '2025-01-01T00:00:00.000Z',
  author: null,
  tags: ['agents'],
  category: 'foundation',
};
const INSIGHTS = { title: 'Latest', lead: 'New', empty: 'None', more: 'All posts' };
const answerQueries = jest.fn(async (query: string) => {
  if (query.includes('siteMetadata')) {
    const siteMetadata = { title: 'Site', description: 'A site', siteUrl: 'https://example.org' };
    return {
      data: { site: { siteMetadata: { ...siteMetadata, site_url: siteMetadata.siteUrl } } },
    };
  }
  if (query.includes('homeYaml')) {
    return {
      data: {
        homeYaml: { insights: INSIGHTS },
        allBlogPost: {
          nodes: [{ id: 'n1', slug: 'one', title: POST.title, excerpt: 'x', date: POST.date }],
        },
      },
    };
  }
  return { data: { allBlogPost: { nodes: [POST] } } };
});

describe('onPostBuild', () => {
  async function check(html: string | null) {
    if (html !== null) {
      await mkdir(path.join(dir, 'public/blog'), { recursive: true });
      await writeFile(path.join(dir, 'public/blog/404.html'), html);
    }
    const reporter = { panicOnBuild: jest.fn(), info: jest.fn() };
    // The plugins take the site's folder from the folder Gatsby runs in.
    jest.spyOn(process, 'cwd').mockReturnValue(dir);
    await onPostBuild!(
      {
        reporter,
        graphql: answerQueries,
      } as unknown as Parameters<NonNullable<typeof onPostBuild>>[0],
      {} as never,
      () => undefined,
    );
    return reporter.panicOnBuild.mock.calls.map(([message]) => String(message));
  }

  it('leaves the feed data and the home page seed for the server beside the slots', async () => {
    expect(await check('<main>Post Not Found</main>')).toEqual([]);
    const feed = JSON.parse(
      await readFile(path.join(dir, 'public/.request-render/blog-feed.json'), 'utf8'),
    ) as unknown;
    expect(feed).toEqual({
      channel: {
        title: 'AgentWorks Blog',
        description: 'Guides and field notes on building, integrating and securing AI agents.',
        generator: 'GatsbyJS',
        site_url: 'https://example.org',
      },
      siteUrl: 'https://example.org',
      posts: [POST],
    });
    // The feed data holds spare posts beyond the feed's 50.
    expect(answerQueries.mock.calls.some(([query]) => query.includes('limit: 70'))).toBe(true);
    const seed = JSON.parse(
      await readFile(path.join(dir, 'public/.request-render/home-latest.json'), 'utf8'),
    ) as unknown;
    expect(seed).toEqual({
      result: {
        data: {
          copy: INSIGHTS,
          posts: [{ id: 'n1', slug: 'one', title: POST.title, excerpt: 'x', date: POST.date }],
        },
      },
    });
  });

  it('accepts a built post-not-found page and stops the build when it is missing', async () => {
    expect(await check('<main>Post Not Found</main>')).toEqual([]);
    await rm(path.join(dir, 'public'), { recursive: true });
    const [missing] = await check(null);
    expect(missing).toMatch(/was not built/);
  });
});
