import { existsSync } from 'node:fs';
import path from 'node:path';
import type { GatsbyNode, Node } from 'gatsby';
import { findDuplicateIds, validateProjectEntry, type RawProjectEntry } from './validate-project';

const PROJECT_FIELDS = [
  'title',
  'description',
  'type',
  'url',
  'technologies',
  'image',
  'status',
  'category',
  'githubUrl',
] as const;

/**
 * Problems found per ProjectsYaml node. Collected rather than thrown at once so one build lists
 * every broken entry; keyed by node id so an entry fixed during `gatsby develop` drops out again.
 */
const invalidEntries = new Map<string, string[]>();

/**
 * Builds the gallery's data from content/projects.yaml (gatsby-transformer-yaml makes one
 * ProjectsYaml node per entry and keeps the entry's own id as `yamlId`). Broken entries stop the
 * build with sentences naming the entry and field instead of rendering a half-empty card.
 */
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(`
    type ProjectsYaml implements Node @dontInfer {
      yamlId: String!
      title: String!
      description: String!
      type: String!
      url: String!
      technologies: [String!]!
      image: File @fileByRelativePath
      status: String!
      category: String!
      githubUrl: String
    }
  `);
};

export const onCreateNode: GatsbyNode['onCreateNode'] = ({ node, getNode, reporter }) => {
  if (node.internal.type !== 'ProjectsYaml') return;
  const file = node.parent
    ? (getNode(node.parent) as (Node & { dir?: string }) | undefined)
    : undefined;
  const baseDir = file?.dir ?? '';
  const entry: RawProjectEntry = { id: node.yamlId };
  for (const field of PROJECT_FIELDS) entry[field] = node[field];
  const problems = validateProjectEntry(entry, (relativePath) =>
    existsSync(path.resolve(baseDir, relativePath)),
  );
  if (problems.length === 0) {
    invalidEntries.delete(node.id);
    return;
  }
  invalidEntries.set(node.id, problems);
  for (const problem of problems) reporter.error(problem);
};

export const createPages: GatsbyNode['createPages'] = async ({ graphql, reporter }) => {
  // Checked before querying: a missing required field would otherwise surface as a GraphQL
  // null error that names neither the entry nor the field.
  const problems = [...invalidEntries.values()].flat();
  if (problems.length > 0) {
    reporter.panicOnBuild(`content/projects.yaml has invalid entries:\n${problems.join('\n')}`);
    return;
  }
  const result = await graphql<{ allProjectsYaml: { nodes: { yamlId: string }[] } }>(`
    query ProjectIds {
      allProjectsYaml {
        nodes {
          yamlId
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild(
      'Could not read the project ids from content/projects.yaml.',
      result.errors,
    );
    return;
  }
  const duplicates = findDuplicateIds(
    result.data.allProjectsYaml.nodes.map((project) => project.yamlId),
  );
  if (duplicates.length > 0) {
    reporter.panicOnBuild(
      duplicates
        .map(
          (id) =>
            `Project "${id}" in content/projects.yaml uses an id that another entry already has in field "id"; ids must be unique.`,
        )
        .join('\n'),
    );
  }
};
