import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What the publisher needs of the served site: to point it at another build. The static-site
 * plugin's SiteHandle is one.
 */
export interface ServedSite {
  /** Serves `siteDir` from now on (its site-manifest.json lies beside it). */
  switchTo(siteDir: string): void;
}

/** Names the build every server process serves: DATA_DIR/site-builds/current.json. */
export const CURRENT_FILE = 'current.json';

export interface CurrentBuild {
  /** A folder holding public/ and the build's site-manifest.json beside it. */
  dir: string;
  switched_at: string;
}

/** Points every process at `dir`: written whole beside the file, then renamed over it. */
export async function writeCurrent(buildsDir: string, dir: string): Promise<void> {
  await fs.mkdir(buildsDir, { recursive: true });
  const file = path.join(buildsDir, CURRENT_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  const record: CurrentBuild = { dir, switched_at: new Date().toISOString() };
  await fs.writeFile(temp, JSON.stringify(record));
  await fs.rename(temp, file);
}

export async function readCurrent(buildsDir: string): Promise<CurrentBuild | null> {
  try {
    const record = JSON.parse(
      await fs.readFile(path.join(buildsDir, CURRENT_FILE), 'utf8'),
    ) as CurrentBuild;
    return typeof record.dir === 'string' ? record : null;
  } catch {
    return null;
  }
}
