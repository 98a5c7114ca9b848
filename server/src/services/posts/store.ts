import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkPostFields, type PostFields } from '@site/contracts';
import { PostFileError, readCategoryNamesFrom, readPostSource } from '@site/pipeline';

/** The folder of published posts inside CONTENT_DIR (the build reads the same one). */
export function blogDir(contentDir: string): string {
  return path.join(contentDir, 'blog');
}

/** Category names from content/categories.yaml; a missing file means no category is valid yet. */
export async function readCategoryNames(contentDir: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, 'categories.yaml'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return readCategoryNamesFrom(text);
}

export interface PublishedFile {
  /** File name inside content/blog/. */
  name: string;
  format: 'md' | 'mdx';
  /** The slug of its front matter, or the file name when the file cannot be read. */
  slug: string;
  /** Null when the front matter does not pass the rules (the build would refuse the file). */
  fields: PostFields | null;
  body: string;
}

/** Every post file in content/blog/, read with the build's own reader. */
export async function readPublishedFiles(contentDir: string): Promise<PublishedFile[]> {
  const dir = blogDir(contentDir);
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = entries.filter((name) => /\.mdx?$/.test(name)).sort();
  return Promise.all(
    files.map(async (name): Promise<PublishedFile> => {
      const format = name.endsWith('.mdx') ? 'mdx' : 'md';
      const fallback = name.replace(/\.mdx?$/, '');
      try {
        const source = readPostSource(await readFile(path.join(dir, name), 'utf8'), name);
        const checked = checkPostFields(source.data);
        const fields = checked.ok ? checked.fields : null;
        const raw = (source.data ?? {}) as { slug?: unknown };
        const slug =
          fields?.slug ?? (typeof raw.slug === 'string' && raw.slug ? raw.slug : fallback);
        return { name, format, slug, fields, body: source.body };
      } catch (error) {
        if (!(error instanceof PostFileError)) throw error;
        return { name, format, slug: fallback, fields: null, body: '' };
      }
    }),
  );
}

/** Slugs taken by published posts: each file's front matter slug and its file name. */
export async function readPublishedSlugs(contentDir: string): Promise<Set<string>> {
  const slugs = new Set<string>();
  for (const file of await readPublishedFiles(contentDir)) {
    slugs.add(file.slug);
    slugs.add(file.name.replace(/\.mdx?$/, ''));
  }
  return slugs;
}
