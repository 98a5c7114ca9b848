import type { Store } from 'gatsby';

/**
 * The site's folder (where gatsby-config.ts is), for the local plugins' Node APIs. Gatsby hands
 * plugins no documented value for it; its store's `program.directory` is where it keeps it, and
 * this is the one place that reads it.
 */
export function siteDirectory(store: Pick<Store, 'getState'>): string {
  const state = (store.getState as () => unknown)() as { program?: { directory?: unknown } };
  const directory = state.program?.directory;
  if (typeof directory !== 'string' || directory === '') {
    throw new Error("plugins: Gatsby's store holds no site directory (program.directory)");
  }
  return directory;
}
