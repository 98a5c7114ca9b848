import { LEGAL_PAGES, SITE_CONTENT_FILES, type SiteContentFileName } from '@site/contracts';
import { ContentFileError, parseContentYaml } from '@site/pipeline';
import type { GatsbyNode, Node } from 'gatsby';
import path from 'node:path';
import { siteDirectory } from '../lib/site-dir';
import { findContentProblems, type ContentFiles } from './find-problems';
import { siteContentTypeDefs } from './graphql-types';

/**
 * The site content files (content/*.yaml, see contracts/src/site-content.ts): read with the one
 * content reader (@site/pipeline), made into nodes, typed from their schemas, checked before any
 * page query runs, and the legal pages made from content/legal.yaml.
 *
 * Nodes are named after the schema: content/pricing.yaml → one PricingYaml node; a list file
 * makes one node per entry (content/services.yaml → ServicesYaml), an entry's own `id` kept as
 * `yamlId` (Gatsby owns `id`).
 */

/**
 * What onCreateNode read from a content file, kept as a field of its File node (a JSON text, so
 * Gatsby infers nothing from it), so that createPages checks every file even when a warm cache
 * makes no node again: the parsed value, or the problems that kept it from being read.
 */
type ReadFile = { name: SiteContentFileName } & ({ value: unknown } | { problems: string[] });
const READ_FIELD = 'siteContent';

const isContentFile = (name: string): name is SiteContentFileName =>
  Object.prototype.hasOwnProperty.call(SITE_CONTENT_FILES, name);

export const onCreateNode: GatsbyNode['onCreateNode'] = async ({ node, actions, ...helpers }) => {
  const { loadNodeContent, createNodeId, createContentDigest, reporter } = helpers;
  const file = node as Node & { sourceInstanceName?: string; relativePath?: string; base?: string };
  if (file.internal.type !== 'File' || file.sourceInstanceName !== 'content') return;
  const relativePath = file.relativePath ?? '';
  if (!/\.ya?ml$/.test(relativePath) || relativePath.includes('/')) return;
  if (!isContentFile(relativePath)) {
    reporter.panicOnBuild(
      `content/${relativePath} is not a site content file: add its schema to SITE_CONTENT_FILES in contracts/src/site-content.ts, or move it out of content/.`,
    );
    return;
  }
  let value: unknown;
  const keep = (read: ReadFile) =>
    actions.createNodeField({ node, name: READ_FIELD, value: JSON.stringify(read) });
  try {
    value = parseContentYaml(await loadNodeContent(node), relativePath);
  } catch (error) {
    if (!(error instanceof ContentFileError)) throw error;
    keep({ name: relativePath, problems: [...error.problems] });
    return;
  }
  keep({ name: relativePath, value });
  const schema = SITE_CONTENT_FILES[relativePath];
  const typeName = String(('items' in schema ? schema.items : schema).title);
  const entries = Array.isArray(value) ? value : [value];
  entries.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return;
    const { id, ...fields } = entry as Record<string, unknown>;
    const child = {
      ...fields,
      ...(id === undefined ? {} : { yamlId: String(id) }),
      id: createNodeId(`${node.id} [${index}] >>> ${typeName}`),
      parent: node.id,
      children: [],
      internal: { type: typeName, contentDigest: createContentDigest(entry) },
    };
    actions.createNode(child);
    actions.createParentChildLink({ parent: node, child: child as unknown as Node });
  });
};

/**
 * The node types of the page files, made from their schemas. (ProjectsYaml and CategoriesYaml are
 * declared by the projects and blog plugins, beside the fields they add.)
 */
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(siteContentTypeDefs());
};

/**
 * CONTACT_EMAIL and CONTACT_PHONE, when set for a build, replace the ones in company.yaml; and
 * `legalPage(key)` answers one page of content/legal.yaml, for the legal page template.
 */
export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  const fromEnv = (name: 'CONTACT_EMAIL' | 'CONTACT_PHONE', field: 'email' | 'phone') => ({
    resolve: (source: Record<string, unknown>) => process.env[name]?.trim() || source[field],
  });
  createResolvers({
    CompanyYaml: {
      email: fromEnv('CONTACT_EMAIL', 'email'),
      phone: fromEnv('CONTACT_PHONE', 'phone'),
    },
    Query: {
      legalPage: {
        type: 'LegalPage',
        args: { key: 'String!' },
        resolve: async (
          _source: unknown,
          { key }: { key: string },
          context: { nodeModel: { findOne(args: { type: string }): Promise<unknown> } },
        ) => {
          const legal = (await context.nodeModel.findOne({ type: 'LegalYaml' })) as Record<
            string,
            unknown
          > | null;
          return (LEGAL_PAGES as readonly string[]).includes(key) ? (legal?.[key] ?? null) : null;
        },
      },
    },
  });
};

export const createPages: GatsbyNode['createPages'] = ({ actions, reporter, getNodesByType }) => {
  const read: ContentFiles = {};
  const problems: string[] = [];
  for (const file of getNodesByType('File')) {
    const kept = (file.fields as Record<string, unknown> | undefined)?.[READ_FIELD];
    if (typeof kept !== 'string') continue;
    const entry = JSON.parse(kept) as ReadFile;
    if ('problems' in entry) problems.push(...entry.problems);
    else read[entry.name] = entry.value;
  }
  problems.push(...findContentProblems(read));
  if (problems.length > 0) {
    reporter.panicOnBuild(`The site content in content/ has problems:\n${problems.join('\n')}`);
    return;
  }
  // The pages of content/legal.yaml: one template, built once per key at /<key>.
  const component = path.join(siteDirectory(), 'src/templates/legal-page.tsx');
  for (const key of LEGAL_PAGES)
    actions.createPage({ path: `/${key}`, component, context: { key } });
};
