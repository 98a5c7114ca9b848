import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { Parser } from 'htmlparser2';
import { siteDirectory } from '../lib/site-dir';
import { MANIFEST_FILE, OUTPUT_DIR, type RequestRenderManifest } from './manifest';

// The slots' entries and the plugin that copies them out of the page render's build are added
// by plugins/webpack-settings, which composes every plugin's webpack changes in one fixed order
// (./webpack-config.ts).

/** An earlier build's slots go: public/.request-render/ holds only this build's. */
export const onPreBuild: GatsbyNode['onPreBuild'] = async () => {
  const siteDir = siteDirectory();
  await rm(path.join(siteDir, 'public', OUTPUT_DIR), { recursive: true, force: true });
};

/**
 * The elements of `html`'s head that Gatsby's Head wrote (they carry data-gatsby-head), each as
 * the exact text of the page, found by an HTML parser.
 */
export function headElementsOf(html: string): string[] {
  const found: string[] = [];
  let inHead = false;
  let open: { name: string; start: number } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'head') inHead = true;
        if (inHead && open === null && 'data-gatsby-head' in attributes) {
          open = { name, start: parser.startIndex };
        }
      },
      onclosetag(name) {
        if (name === 'head') inHead = false;
        if (open !== null && name === open.name) {
          found.push(html.slice(open.start, parser.endIndex + 1));
          open = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/**
 * Once the pages are written: each slot's entry in the manifest gets its page's Head elements,
 * which the server takes out when the slot draws the page's head itself.
 */
export const onPostBuild: GatsbyNode['onPostBuild'] = async () => {
  const siteDir = siteDirectory();
  const file = path.join(siteDir, 'public', OUTPUT_DIR, MANIFEST_FILE);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as RequestRenderManifest;
  for (const slot of manifest.slots) {
    let html: string;
    try {
      html = await readFile(path.join(siteDir, 'public', slot.pageFile), 'utf8');
    } catch {
      continue;
    }
    slot.headElements = headElementsOf(html);
  }
  await writeFile(file, JSON.stringify(manifest, null, 2));
};
