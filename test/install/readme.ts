// The README's install commands, by kind of user, as the test runs them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../helpers';

/** `### Heading` under `## Install` -> the lines of its first ```sh block. */
export function installCommands(readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')): Map<string, string[]> {
  const start = readme.indexOf('\n## Install\n');
  if (start < 0) throw new Error('README.md has no "## Install" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const out = new Map<string, string[]>();
  for (const m of section.matchAll(/^### (.+)\n+```sh\n([\s\S]*?)```/gm)) {
    out.set(
      m[1]!.trim(),
      m[2]!
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return out;
}
