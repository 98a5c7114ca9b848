import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files Gatsby writes into public/ for its own use while building (the webpack stats it picks
 * each page's scripts from, the chunk map it inlines into every page) and that no page loads.
 * Served, they would show how the site is made.
 */
export const BUILD_INTERNALS = ['webpack.stats.json', 'chunk-map.json'] as const;

/** Where they go: Gatsby's .cache/, beside the other files only the build and the server read. */
export const INTERNALS_DIR = path.join('.cache', 'build-internals');

async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    // public/ on another file system than .cache/ (a mounted folder): copy, then remove.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await rm(from);
  }
}

/**
 * Moves the build's internal files from `publicDir` to `targetDir`, replacing what an earlier
 * build left there. Returns the names moved; a file the build did not write is skipped.
 */
export async function moveBuildInternals(publicDir: string, targetDir: string): Promise<string[]> {
  await mkdir(targetDir, { recursive: true });
  const moved: string[] = [];
  for (const name of BUILD_INTERNALS) {
    try {
      await move(path.join(publicDir, name), path.join(targetDir, name));
      moved.push(name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return moved;
}
