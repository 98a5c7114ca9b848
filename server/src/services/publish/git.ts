import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PublishAction } from '@site/contracts';

const run = promisify(execFile);

/** The author line for an account: accounts have no e-mail address, so a non-routable one is used. */
function authorFor(username: string): string {
  const safe = username.replace(/[<>\n]/g, '');
  return `${safe} <${safe}@users.agentworks.invalid>`;
}

const VERB: Record<PublishAction, string> = {
  publish: 'Publish',
  replace: 'Update',
  unpublish: 'Unpublish',
};

/**
 * Commits one post file's change (new, changed or removed) to the repository that holds it, with
 * the editor as author and the site as committer, together with the post's picture folder
 * (`folders`: added, changed or removed with it). Only those paths are committed, whatever else
 * is staged.
 */
export async function commitPostChange(
  file: string,
  action: PublishAction,
  username: string,
  title: string,
  folders: readonly string[] = [],
): Promise<string> {
  const cwd = path.dirname(file);
  const paths = [file];
  for (const folder of folders) {
    // A folder that is neither there nor tracked would be a pathspec git refuses.
    const there = await access(folder).then(
      () => true,
      () => false,
    );
    const tracked = await run('git', ['ls-files', '--', folder], { cwd }).then(
      ({ stdout }) => stdout.trim() !== '',
      () => false,
    );
    if (there || tracked) paths.push(folder);
  }
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? cwd,
    GIT_COMMITTER_NAME: 'AgentWorks site',
    GIT_COMMITTER_EMAIL: 'site@agentworks.invalid',
  };
  await run('git', ['add', '-A', '--', ...paths], { cwd, env });
  try {
    const message = `${VERB[action]} "${title.replace(/\s+/g, ' ')}"`;
    await run(
      'git',
      ['commit', '--quiet', `--author=${authorFor(username)}`, '-m', message, '--', ...paths],
      { cwd, env },
    );
  } catch (error) {
    await run('git', ['reset', '--quiet', '--', ...paths], { cwd, env }).catch(() => undefined);
    throw error;
  }
  const { stdout } = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd, env });
  return stdout.trim();
}
