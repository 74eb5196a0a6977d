// Finding an executable on PATH the way a shell would, without running it:
// the indexers Scry prefers when installed (scip-go, scip-php) and the agents'
// CLIs setup talks to. On Windows a bare name also matches name.exe, .cmd, .bat.
import * as fs from 'node:fs';
import * as path from 'node:path';

export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const exts = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}
