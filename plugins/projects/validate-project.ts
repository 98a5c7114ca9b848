import { checkContent, ProjectSchema } from '@site/contracts';

/** One entry of content/projects.yaml as the YAML parser hands it over: nothing is trusted yet. */
export type RawProjectEntry = Record<string, unknown>;

/** A site path ("/tools/x/") or an absolute http(s) address; anything else is a typo or a risk. */
export function isProjectUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const isNonEmptyText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Checks one gallery entry against its schema (ProjectSchema, contracts/src/site-content.ts) and
 * the rules a schema cannot hold, and returns every problem as a sentence naming the entry and
 * field, so whoever edits projects.yaml can fix the build without reading code. `imageExists` is
 * injected so the rule stays testable without a filesystem.
 */
export function validateProjectEntry(
  entry: RawProjectEntry,
  imageExists: (relativePath: string) => boolean,
): string[] {
  const name = isNonEmptyText(entry.id)
    ? `Project "${entry.id}"`
    : isNonEmptyText(entry.title)
      ? `The project titled "${entry.title}"`
      : 'A project entry without id or title';
  const where = `${name} in content/projects.yaml`;
  const problems = checkContent(ProjectSchema, entry, where);
  if (isNonEmptyText(entry.url) && !isProjectUrl(entry.url)) {
    problems.push(
      `${where} has an invalid URL "${entry.url}" in field "url"; use a site path such as /tools/x/ or an http(s) address.`,
    );
  }
  if (isNonEmptyText(entry.image) && !imageExists(entry.image)) {
    problems.push(
      `${where} points field "image" at "${entry.image}", but that file does not exist next to projects.yaml.`,
    );
  }
  return problems;
}

/** Ids must be unique: they key the cards and any future project pages. */
export function findDuplicateIds(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) duplicates.add(id);
    seen.add(id);
  }
  return [...duplicates];
}
