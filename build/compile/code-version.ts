import { execFileSync } from 'node:child_process';

/**
 * The git commit of the checkout that builds, for the release feed's `code.commit`; null when
 * it is not a git checkout or git is missing. A working tree with local changes is not that
 * commit's code, so it gets a `+dirty` suffix (the release's input fingerprint is exact either way).
 */
export function gitCommit(root: string): string | null {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  try {
    const commit = git('rev-parse', 'HEAD');
    if (!/^[0-9a-f]{40}$/.test(commit)) return null;
    return git('status', '--porcelain', '--untracked-files=no') === '' ? commit : `${commit}+dirty`;
  } catch {
    return null;
  }
}
