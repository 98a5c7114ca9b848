import {
  PROJECT_STATUSES,
  PROJECT_TYPES,
  isProjectStatus,
  isProjectType,
} from '../../src/features/projects/model';

/** One entry of content/projects.yaml as the YAML parser hands it over: nothing is trusted yet. */
export type RawProjectEntry = Record<string, unknown>;

const REQUIRED_TEXT_FIELDS = ['title', 'description', 'url', 'category', 'image'] as const;

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

function isNonEmptyText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Checks one gallery entry and returns every problem as a sentence naming the entry and field, so
 * whoever edits projects.yaml can fix the build without reading code. `imageExists` is injected so
 * the rule stays testable without a filesystem.
 */
export function validateProjectEntry(
  entry: RawProjectEntry,
  imageExists: (relativePath: string) => boolean,
): string[] {
  const id = isNonEmptyText(entry.id) ? entry.id : undefined;
  const name = id
    ? `Project "${id}"`
    : isNonEmptyText(entry.title)
      ? `The project titled "${entry.title}"`
      : 'A project entry without id or title';
  const where = 'in content/projects.yaml';
  const problems: string[] = [];

  if (!id) problems.push(`${name} ${where} is missing the required field "id".`);
  for (const field of REQUIRED_TEXT_FIELDS) {
    if (!isNonEmptyText(entry[field]))
      problems.push(`${name} ${where} is missing the required field "${field}".`);
  }

  const choices = [
    ['type', entry.type, isProjectType, PROJECT_TYPES],
    ['status', entry.status, isProjectStatus, PROJECT_STATUSES],
  ] as const;
  for (const [field, value, isKnown, known] of choices) {
    if (value === undefined || value === null || value === '') {
      problems.push(`${name} ${where} is missing the required field "${field}".`);
    } else if (!isKnown(value)) {
      problems.push(
        `${name} ${where} has ${field} "${String(value)}" in field "${field}"; use one of: ${known.join(', ')}.`,
      );
    }
  }

  const technologies = entry.technologies;
  if (
    !Array.isArray(technologies) ||
    technologies.length === 0 ||
    !technologies.every(isNonEmptyText)
  ) {
    problems.push(`${name} ${where} needs field "technologies" as a non-empty list of names.`);
  }

  if (isNonEmptyText(entry.url) && !isProjectUrl(entry.url)) {
    problems.push(
      `${name} ${where} has an invalid URL "${entry.url}" in field "url"; use a site path such as /tools/x/ or an http(s) address.`,
    );
  }
  if (entry.githubUrl !== undefined && entry.githubUrl !== null) {
    const github = entry.githubUrl;
    if (!isNonEmptyText(github) || !/^https:\/\/github\.com\/[^/\s]+\/[^/\s]+/.test(github)) {
      problems.push(
        `${name} ${where} has an invalid URL "${String(github)}" in field "githubUrl"; use https://github.com/<owner>/<repo>.`,
      );
    }
  }

  if (isNonEmptyText(entry.image) && !imageExists(entry.image)) {
    problems.push(
      `${name} ${where} points field "image" at "${entry.image}", but that file does not exist next to projects.yaml.`,
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
