import fs from 'node:fs';
import path from 'node:path';
import { parseContentYaml } from '../pipeline/src/content-file';

/** The repository's content/ folder. */
export const CONTENT_DIR = path.resolve(__dirname, '../content');

/**
 * A file of the repository's content/ folder, parsed as the build parses it but not checked, so
 * that a test can break it on purpose.
 */
export function repositoryContentFile(file: string): Record<string, unknown> {
  const source = fs.readFileSync(path.join(CONTENT_DIR, file), 'utf8');
  return parseContentYaml(source, file) as Record<string, unknown>;
}
