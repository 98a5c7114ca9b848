import {
  LEGAL_PAGES,
  SITE_CONTENT_FILES,
  type SiteContentFileName,
  AboutFileSchema,
  CompanyFileSchema,
  ContactFileSchema,
  HomeFileSchema,
  LegalFileSchema,
  PricingFileSchema,
  ServiceSchema,
  ServicesPageFileSchema,
} from '@site/contracts';
import { ContentFileError, parseContentYaml } from '@site/pipeline';
import type { GatsbyNode, Node } from 'gatsby';
import path from 'node:path';
import { findContentProblems, type ContentFiles } from './find-problems';
import { graphqlTypeDefs } from './graphql-types';

/**
 * The site content files (content/*.yaml, see contracts/src/site-content.ts): read with the one
 * content reader (@site/pipeline), made into nodes, typed from their schemas, checked before any
 * page query runs, and the legal pages made from content/legal.yaml.
 *
 * Nodes are named after the schema: content/pricing.yaml → one PricingYaml node; a list file
 * makes one node per entry (content/services.yaml → ServicesYaml), an entry's own `id` kept as
 * `yamlId` (Gatsby owns `id`).
 */

/** The parsed files of this build, or their read problems: filled by onCreateNode. */
const files = new Map<SiteContentFileName, { value: unknown } | { problems: readonly string[] }>();

const isContentFile = (name: string): name is SiteContentFileName =>
  Object.prototype.hasOwnProperty.call(SITE_CONTENT_FILES, name);

export const onCreateNode: GatsbyNode['onCreateNode'] = async ({
  node,
  actions,
  loadNodeContent,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
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
  try {
    value = parseContentYaml(await loadNodeContent(node), relativePath);
  } catch (error) {
    if (!(error instanceof ContentFileError)) throw error;
    files.set(relativePath, { problems: error.problems });
    return;
  }
  files.set(relativePath, { value });
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
  actions.createTypes(
    graphqlTypeDefs([
      CompanyFileSchema,
      LegalFileSchema,
      ServiceSchema,
      PricingFileSchema,
      HomeFileSchema,
      AboutFileSchema,
      ServicesPageFileSchema,
      ContactFileSchema,
    ]),
  );
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

/** The template of the pages of content/legal.yaml, built once per key at /<key>. */
const LEGAL_TEMPLATE = path.resolve(__dirname, '../../src/templates/legal-page.tsx');

export const createPages: GatsbyNode['createPages'] = ({ actions, reporter }) => {
  const read: ContentFiles = {};
  const problems: string[] = [];
  for (const [name, entry] of files) {
    if ('problems' in entry) problems.push(...entry.problems);
    else read[name] = entry.value;
  }
  problems.push(...findContentProblems(read));
  if (problems.length > 0) {
    reporter.panicOnBuild(`The site content in content/ has problems:\n${problems.join('\n')}`);
    return;
  }
  for (const key of LEGAL_PAGES)
    actions.createPage({ path: `/${key}`, component: LEGAL_TEMPLATE, context: { key } });
};
