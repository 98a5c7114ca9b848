/**
 * The blog's own front matter reader. It understands exactly what SPEC §3 promises editors, so a
 * post means the same thing here as in the spec, whatever YAML would make of it:
 *
 * - the file must start with a `---` line, and the block ends at the next `---` line;
 * - each line is `key: value`; blank lines and lines starting with `#` are ignored;
 * - a value in matching single or double quotes is unquoted (so it may contain `:` or `#`);
 * - a value in square brackets becomes a list, split on commas, each item trimmed and unquoted.
 *
 * Values stay strings (or lists of strings); turning them into dates, numbers and booleans is the
 * validator's job, where the message can name the field.
 */

export type FrontMatterValue = string | string[];
export type FrontMatterData = Record<string, FrontMatterValue>;

export interface ParsedSource {
  data: FrontMatterData;
  /** The markdown after the closing `---` line. */
  body: string;
}

export class FrontMatterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrontMatterError';
  }
}

const FENCE = /^---[ \t]*$/;
const KEY_VALUE = /^([A-Za-z_][\w-]*)[ \t]*:(.*)$/;

export function unquote(raw: string): string {
  const value = raw.trim();
  if (value.length >= 2) {
    const first = value[0];
    const last = value[value.length - 1];
    if (first === '"' && last === '"') return value.slice(1, -1).replace(/\\(["\\])/g, '$1');
    if (first === "'" && last === "'") return value.slice(1, -1).replace(/''/g, "'");
  }
  return value;
}

export function parseValue(raw: string): FrontMatterValue {
  const value = raw.trim();
  if (value.startsWith('[') && value.endsWith(']')) {
    return value
      .slice(1, -1)
      .split(',')
      .map(unquote)
      .filter((item) => item.length > 0);
  }
  return unquote(value);
}

export function parseFrontMatter(source: string, filePath: string): ParsedSource {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length === 0 || !FENCE.test(lines[0] ?? '')) {
    throw new FrontMatterError(
      `No frontmatter found in ${filePath}: the file must start with a line "---", then "key: value" lines, then "---".`,
    );
  }
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) {
    throw new FrontMatterError(
      `No frontmatter found in ${filePath}: the front matter block opened on line 1 is never closed with a "---" line.`,
    );
  }

  const data: FrontMatterData = {};
  for (let index = 1; index < end; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = KEY_VALUE.exec(line);
    if (!match) {
      const hint = line.trimStart().startsWith('-')
        ? ' Lists are written on one line as [first, second].'
        : ' Each line must look like "key: value".';
      throw new FrontMatterError(
        `Front matter line ${index + 1} of ${filePath} cannot be read: "${line.trim()}".${hint}`,
      );
    }
    const key = match[1] as string;
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      throw new FrontMatterError(
        `Front matter of ${filePath} sets "${key}" twice (line ${index + 1}); keep one.`,
      );
    }
    data[key] = parseValue(match[2] ?? '');
  }

  return { data, body: lines.slice(end + 1).join('\n') };
}
