import {
  checkPostFields,
  toFrontMatter,
  type FieldProblem,
  type PostFields,
} from '@site/contracts';
import { parseDocument, stringify } from 'yaml';

/**
 * Post files: a YAML front matter block between two `---` lines, then the markdown body. This is
 * the only reader and writer of that format; the Gatsby build, the drafts API and the tests all
 * use it, so a file means the same thing everywhere.
 *
 * The front matter is YAML read with the failsafe schema: every scalar stays the text the author
 * typed ("3.0" stays "3.0", "no" stays "no"), and the contracts' schema decides what each field
 * may be. A value with ": " or " #" in it needs quotes, exactly as YAML says.
 */

export class PostFileError extends Error {
  constructor(
    message: string,
    /** 1-based line in the file, when the problem has one. */
    public readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'PostFileError';
  }
}

export interface PostSource {
  /** The front matter as YAML gave it (failsafe: strings, lists, mappings). */
  data: unknown;
  /** The markdown after the closing `---` line. */
  body: string;
  /** The 1-based line of the file on which the body starts. */
  bodyLine: number;
}

const FENCE = /^---[ \t]*$/;

/** Splits a post file into its front matter (parsed) and body; throws PostFileError naming the line. */
export function readPostSource(source: string, filePath: string): PostSource {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? '')) {
    throw new PostFileError(
      `No frontmatter found in ${filePath}: the file must start with a line "---", then "key: value" lines, then "---".`,
      1,
    );
  }
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) {
    throw new PostFileError(
      `No frontmatter found in ${filePath}: the front matter block opened on line 1 is never closed with a "---" line.`,
      1,
    );
  }
  const doc = parseDocument(lines.slice(1, end).join('\n'), {
    schema: 'failsafe',
    uniqueKeys: true,
    prettyErrors: true,
  });
  const first = doc.errors[0];
  if (first) {
    const line = (first.linePos?.[0].line ?? 0) + 1;
    const what = first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? '';
    const hint =
      first.code === 'BLOCK_AS_IMPLICIT_KEY' || first.code === 'MULTILINE_IMPLICIT_KEY'
        ? ' Put a value that contains ": " or " #" in double quotes.'
        : first.code === 'DUPLICATE_KEY'
          ? ' Keep one of them.'
          : '';
    throw new PostFileError(
      `Front matter line ${line} of ${filePath} cannot be read: ${what}.${hint}`,
      line,
    );
  }
  return {
    data: doc.toJS({ maxAliasCount: 20 }) ?? {},
    body: lines.slice(end + 1).join('\n'),
    bodyLine: end + 2,
  };
}

export type PostFileResult =
  | { ok: true; fields: PostFields; body: string; bodyLine: number }
  | { ok: false; errors: string[] };

/** Reads and checks a post file; every problem is a sentence naming the file and the field. */
export function readPostFile(source: string, filePath: string): PostFileResult {
  let parsed: PostSource;
  try {
    parsed = readPostSource(source, filePath);
  } catch (error) {
    if (error instanceof PostFileError) return { ok: false, errors: [error.message] };
    throw error;
  }
  const checked = checkPostFields(parsed.data);
  if (!checked.ok) {
    return {
      ok: false,
      errors: checked.problems.map(
        ({ field, problem }: FieldProblem) =>
          `${filePath}: front matter field "${field}" ${problem}`,
      ),
    };
  }
  return { ok: true, fields: checked.fields, body: parsed.body, bodyLine: parsed.bodyLine };
}

const PLAIN_SCALAR = /^[a-z0-9][a-z0-9-]*$/;

function scalar(value: string): string {
  // Slugs, dates and numbers read back the same without quotes; anything else is double-quoted by
  // the YAML library itself, so no character of a title can change the structure of the file.
  if (PLAIN_SCALAR.test(value) || /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(value)) return value;
  return stringify(value, { defaultStringType: 'QUOTE_DOUBLE', lineWidth: 0 }).trimEnd();
}

/**
 * Writes a post file as an editor would commit it: the front matter (fields in a fixed order,
 * optional ones only when set), a blank line, then the body. readPostFile gives back exactly the
 * same fields and body.
 */
export function writePostFile(fields: PostFields, body: string): string {
  const data = toFrontMatter(fields);
  const lines = ['---'];
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    lines.push(
      Array.isArray(value)
        ? `${key}: [${value.map(scalar).join(', ')}]`
        : `${key}: ${scalar(value as string)}`,
    );
  }
  lines.push('---', '');
  return `${lines.join('\n')}\n${normaliseBody(body)}`;
}

/** The body as a file stores it: no leading blank lines, one final newline. */
export function normaliseBody(body: string): string {
  return `${body
    .replace(/\r\n?/g, '\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd()}\n`;
}
