import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode, Node, Reporter } from 'gatsby';
import sharp from 'sharp';
import { ProjectSchema } from '@site/contracts';
import {
  currentEntry,
  deriveImage,
  formatManifest,
  type ImageEntry,
  CARDS_DIR,
  MANIFEST,
  type Manifest,
  parseManifest,
  PUBLIC_DIR,
} from './images';
import { findDuplicateIds, validateProjectEntry, type RawProjectEntry } from './validate-project';
import { siteDirectory } from '../lib/site-dir';

/** The fields of an entry besides its id, which the node keeps as `yamlId`. */
const PROJECT_FIELDS = Object.keys(ProjectSchema.properties).filter((field) => field !== 'id');

/**
 * Problems found per ProjectsYaml node. Collected rather than thrown at once so one build lists
 * every broken entry; keyed by node id so an entry fixed during `gatsby develop` drops out again.
 */
const invalidEntries = new Map<string, string[]>();

/**
 * content/projects/images.json as this build reads and, for new or changed images, writes it
 * (see ./images.ts). Read once per process.
 */
interface ManifestState {
  entries: Manifest;
  /** The manifest must be written back. */
  changed: boolean;
  /** The images this build's projects use. */
  seen: Set<string>;
}
/**
 * The one read of the manifest that every project's node and onPostBootstrap wait for (the nodes
 * are created at once).
 */
let loading: Promise<ManifestState> | null = null;

function loadManifest(siteDir: string): Promise<ManifestState> {
  loading ??= readFile(path.join(siteDir, MANIFEST), 'utf8')
    .catch(() => null)
    .then((text) => ({ entries: parseManifest(text), changed: false, seen: new Set<string>() }));
  return loading;
}

/**
 * The card image of `relativePath` (as projects.yaml names it, under content/): the committed
 * entry when it is current, or else made now, its files written to content/projects/cards/ and
 * the entry recorded for onPostBootstrap to write.
 */
async function cardImage(
  siteDir: string,
  relativePath: string,
  reporter: Reporter,
): Promise<ImageEntry> {
  const state = await loadManifest(siteDir);
  state.seen.add(relativePath);
  const source = await readFile(path.join(siteDir, 'content', relativePath));
  const cardsDir = path.join(siteDir, CARDS_DIR);
  const current = currentEntry(state.entries, relativePath, source, (file) =>
    existsSync(path.join(cardsDir, file)),
  );
  if (current) return current;
  const name = path.basename(relativePath, path.extname(relativePath));
  const { entry, files } = await deriveImage(sharp, source, name);
  await mkdir(cardsDir, { recursive: true });
  for (const [file, data] of files) await writeFile(path.join(cardsDir, file), data);
  state.entries[relativePath] = entry;
  state.changed = true;
  reporter.warn(
    `projects: made the card images of content/${relativePath} (${files.size} files in ${CARDS_DIR}/); commit them with ${MANIFEST} so that later builds need not make them again.`,
  );
  return entry;
}

/**
 * Builds the gallery's data from content/projects.yaml (plugins/site-content makes one
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
      fields: ProjectsYamlFields
    }
    type ProjectsYamlFields {
      "The card image as gatsby-plugin-image's data (see plugins/projects/images.ts)."
      cardImage: JSON
    }
  `);
};

export const onCreateNode: GatsbyNode['onCreateNode'] = async ({
  node,
  getNode,
  reporter,
  actions,
}) => {
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
    const siteDir = siteDirectory();
    const image = String(node.image);
    try {
      const entry = await cardImage(siteDir, image, reporter);
      actions.createNodeField({ node, name: 'cardImage', value: entry.image });
    } catch (error) {
      reporter.panicOnBuild(
        `Project "${String(node.yamlId)}" in content/projects.yaml: its image content/${image} could not be made into card images (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
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

/**
 * Copies the manifest's card images into public/static/projects/, on every build: an incremental
 * build that finds projects.yaml unchanged creates no project node, so no image is looked at.
 * When this build did create them, the entries no project uses any more are dropped; and when that
 * or a new image changed the manifest, writes content/projects/images.json and removes the files
 * in content/projects/cards/ that no entry refers to.
 */
export const onPostBootstrap: GatsbyNode['onPostBootstrap'] = async () => {
  const siteDir = siteDirectory();
  const state = await loadManifest(siteDir);
  if (state.seen.size > 0) {
    for (const relativePath of Object.keys(state.entries)) {
      if (state.seen.has(relativePath)) continue;
      delete state.entries[relativePath];
      state.changed = true;
    }
  }
  const cardsDir = path.join(siteDir, CARDS_DIR);
  const referenced = new Set(Object.values(state.entries).flatMap((entry) => entry.files));
  const publicDir = path.join(siteDir, PUBLIC_DIR);
  await mkdir(publicDir, { recursive: true });
  for (const file of referenced) {
    await copyFile(path.join(cardsDir, file), path.join(publicDir, file));
  }
  if (!state.changed) return;
  for (const file of await readdir(cardsDir)) {
    if (!referenced.has(file)) await rm(path.join(cardsDir, file));
  }
  await writeFile(path.join(siteDir, MANIFEST), formatManifest(state.entries));
  state.changed = false;
};
