import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { APP_PAGE_PREFIXES, SPECULATION_RULES_FILE } from '@site/contracts';
import { speculationRules } from './manifest';
import { siteDirectory } from '../lib/site-dir';

// The island entries and the loader's address in the webpack configs are added by
// plugins/webpack-settings, which composes every plugin's webpack changes in one fixed order
// (./webpack-config.ts).

/** The speculation rules go beside the pages, as public/speculation-rules.json. */
export const onPostBuild: GatsbyNode['onPostBuild'] = async () => {
  const siteDir = siteDirectory();
  await writeFile(
    path.join(siteDir, 'public', SPECULATION_RULES_FILE),
    JSON.stringify(speculationRules(APP_PAGE_PREFIXES)),
  );
};

/** An earlier build's loader goes: public/islands/ holds only this build's. */
export const onPreBuild: GatsbyNode['onPreBuild'] = async () => {
  const siteDir = siteDirectory();
  await rm(path.join(siteDir, 'public', 'islands'), { recursive: true, force: true });
};
