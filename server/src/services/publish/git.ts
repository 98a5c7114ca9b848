import { execFile } from 'node:child_process';
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
 * the editor as author and the site as committer. Only that path is committed, whatever else is
 * staged.
 */
export async function commitPostChange(
  file: string,
  action: PublishAction,
  username: string,
  title: string,
): Promise<string> {
  const cwd = path.dirname(file);
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? cwd,
    GIT_COMMITTER_NAME: 'AgentWorks site',
    GIT_COMMITTER_EMAIL: 'site@agentworks.invalid',
  };
  await run('git', ['add', '-A', '--', file], { cwd, env });
  try {
    const message = `${VERB[action]} "${title.replace(/\s+/g, ' ')}"`;
    await run(
      'git',
      ['commit', '--quiet', `--author=${authorFor(username)}`, '-m', message, '--', file],
      { cwd, env },
    );
  } catch (error) {
    await run('git', ['reset', '--quiet', '--', file], { cwd, env }).catch(() => undefined);
    throw error;
  }
  const { stdout } = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd, env });
  return stdout.trim();
}
