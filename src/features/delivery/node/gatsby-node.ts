import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { deferPageScripts } from './deferred-scripts';
import { precompressAssets } from './precompress';

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // _gatsby/ holds the slice templates Gatsby stitches from, not pages.
    if (entry.isDirectory() && entry.name !== '_gatsby') yield* htmlFiles(full);
    else if (entry.isFile() && entry.name.endsWith('.html')) yield full;
  }
}

/**
 * After the build, every page's scripts are requested once it has painted and the chunk map moves
 * to a cached file (see ./deferred-scripts.ts); pages an incremental build left untouched were
 * rewritten before and are skipped. Then scripts and styles get a Brotli-11 twin
 * (./precompress.ts).
 */
export const deliveryNode: Partial<GatsbyNode> = {
  onPostBuild: async ({ reporter }) => {
    const publicDir = path.join(process.cwd(), 'public');
    const written = new Set<string>();
    let pages = 0;
    for await (const file of htmlFiles(publicDir)) {
      const original = await readFile(file, 'utf8');
      const { html, chunkMap } = deferPageScripts(original);
      if (html === original) continue;
      if (chunkMap && !written.has(chunkMap.fileName)) {
        await writeFile(path.join(publicDir, chunkMap.fileName), chunkMap.source);
        written.add(chunkMap.fileName);
      }
      await writeFile(file, html);
      pages += 1;
    }
    const compressed = await precompressAssets(publicDir);
    reporter.info(
      `delivery: scripts deferred on ${pages} pages, chunk map ${[...written].join(', ') || 'unchanged'}, ${compressed} assets precompressed (Brotli 11)`,
    );
  },
};
