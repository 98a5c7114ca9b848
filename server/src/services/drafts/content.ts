import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { FrontMatterError, parseFrontMatter } from '@site/contracts';

/** The folder of published posts inside CONTENT_DIR (the build reads the same one). */
export function blogDir(contentDir: string): string {
  return path.join(contentDir, 'blog');
}

/**
 * Category names from content/categories.yaml. The file is a flat YAML list of
 * `- name: …` entries (see its header); only the names matter here, so a line reader is enough
 * and the server needs no YAML dependency. A missing file means no category is valid yet.
 */
export async function readCategoryNames(contentDir: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, 'categories.yaml'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*-?\s*name:\s*(.+?)\s*$/.exec(line);
    if (match?.[1]) names.push(match[1].replace(/^(["'])(.*)\1$/, '$2'));
  }
  return names;
}

/**
 * Slugs of the published posts: the front matter slug of each .md/.mdx file, or the file name
 * when the file cannot be read (the build would refuse it anyway, and the name is then taken).
 */
export async function readPublishedSlugs(contentDir: string): Promise<Set<string>> {
  const dir = blogDir(contentDir);
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const slugs = new Set<string>();
  await Promise.all(
    entries
      .filter((name) => /\.mdx?$/.test(name))
      .map(async (name) => {
        slugs.add(name.replace(/\.mdx?$/, ''));
        try {
          const { data } = parseFrontMatter(await readFile(path.join(dir, name), 'utf8'), name);
          if (typeof data.slug === 'string' && data.slug.trim()) slugs.add(data.slug.trim());
        } catch (error) {
          if (!(error instanceof FrontMatterError)) throw error;
        }
      }),
  );
  return slugs;
}
