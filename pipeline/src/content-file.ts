import {
  checkContent,
  SITE_CONTENT_FILES,
  type SiteContentFile,
  type SiteContentFileName,
} from '@site/contracts';
import { parseDocument } from 'yaml';

/**
 * The one reader of the site content files (content/*.yaml) for every program that reads them:
 * the Gatsby build (plugins/site-content makes the nodes with it), the API (site facts, blog
 * categories) and the tests. YAML 1.2's core schema: `2025` is a number, `true` a boolean, a
 * date stays text; a key written twice is an error.
 */

/** A content file cannot be read or does not match its schema; the message names file and field. */
export class ContentFileError extends Error {
  constructor(
    message: string,
    /** Every problem found, one sentence each. */
    readonly problems: readonly string[] = [message],
  ) {
    super(message);
    this.name = 'ContentFileError';
  }
}

/** Parses the text of content/`file`; throws a ContentFileError that names the line. */
export function parseContentYaml(source: string, file: string): unknown {
  const doc = parseDocument(source, { schema: 'core', uniqueKeys: true, prettyErrors: true });
  const first = doc.errors[0];
  if (first) {
    const line = first.linePos?.[0].line ?? 1;
    const what = first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? '';
    throw new ContentFileError(`content/${file} is not valid YAML (line ${line}): ${what}.`);
  }
  return doc.toJS({ maxAliasCount: 20 }) as unknown;
}

/**
 * Parses content/`file` and checks it against its schema; throws a ContentFileError listing every
 * problem.
 */
export function readContentFile<F extends SiteContentFileName>(
  source: string,
  file: F,
): SiteContentFile<F> {
  const value = parseContentYaml(source, file);
  const problems = checkContent(SITE_CONTENT_FILES[file], value, `content/${file}`);
  if (problems.length > 0) throw new ContentFileError(problems.join('\n'), problems);
  return value as SiteContentFile<F>;
}

/**
 * The category names of content/categories.yaml; an unreadable file names none (the build
 * refuses such a file with its problems).
 */
export function readCategoryNamesFrom(source: string): string[] {
  let data: unknown;
  try {
    data = parseContentYaml(source, 'categories.yaml');
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data
    .map((entry: unknown) =>
      entry && typeof entry === 'object' ? (entry as { name?: unknown }).name : undefined,
    )
    .filter((name): name is string => typeof name === 'string' && name !== '');
}
