// A new worktree usually has no node_modules: git does not carry them. Its
// own precise build would then leave every import from a package unresolved
// (on a real web framework, 92k occurrences against its sibling's 110k at the
// same commit). While the sibling has them and this checkout does not, the
// seeded index, built with them, stays: it answers as the sibling does.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Why this checkout's precise build should wait, or undefined when it can run as well as the sibling's. */
export function missingDependencies(repo: string, sibling: string): string | undefined {
  if (!fs.existsSync(path.join(repo, 'package.json'))) return undefined;
  if (fs.existsSync(path.join(repo, 'node_modules'))) return undefined;
  if (!fs.existsSync(path.join(sibling, 'node_modules'))) return undefined;
  return `${repo} has no node_modules (its sibling ${sibling} has): its precise build waits for them (npm install), answers come from the sibling's index meanwhile`;
}
