import { execFileSync } from 'node:child_process';

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return null;
  }
}

/** A file as committed at a revision, or null where it did not exist (or there is no git). */
export function fileAt(root: string, revision: string, file: string): string | null {
  return git(root, ['show', `${revision}:${file}`]);
}

/** Commits that changed any of the files, oldest first, each with its parents (several for a merge). */
export function commitsTouching(root: string, files: string[]): Array<{ commit: string; parents: string[] }> {
  return (git(root, ['log', '--reverse', '--format=%H %P', '--', ...files]) ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [commit = '', ...parents] = line.split(' ').filter(Boolean);
      return { commit, parents };
    });
}
