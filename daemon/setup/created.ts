// What setup brought into being (files and folders that were not there
// before it), noted in $SCRY_HOME/setup-created.json, so that uninstall takes
// each away again once nothing but scry's own content was in it: the
// settings.json that is `{}` again, the empty skills folder.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SetupContext } from './context';

const recordFile = (ctx: SetupContext): string => path.join(ctx.scryHome, 'setup-created.json');

function read(ctx: SetupContext): string[] {
  try {
    const v = JSON.parse(fs.readFileSync(recordFile(ctx), 'utf8')) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Which of these paths do not exist yet: call before setup, then `noteCreated` with the answer after it. */
export const missing = (paths: readonly string[]): string[] => paths.filter((p) => !fs.existsSync(p));

/** Records the paths (from `missing`) that setup has since created. */
export function noteCreated(ctx: SetupContext, wereMissing: readonly string[]): void {
  const created = wereMissing.filter((p) => fs.existsSync(p));
  if (created.length === 0) return;
  const all = [...new Set([...read(ctx), ...created])];
  fs.mkdirSync(ctx.scryHome, { recursive: true });
  fs.writeFileSync(recordFile(ctx), `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
}

/**
 * After uninstall: removes each recorded path that holds nothing but what
 * scry put there (an empty folder, a JSON file that is `{}`), deepest first,
 * and forgets the record. Returns what it removed.
 */
export function removeCreated(ctx: SetupContext): string[] {
  const removed: string[] = [];
  for (const p of read(ctx).sort((a, b) => b.length - a.length)) {
    try {
      const st = fs.statSync(p);
      if (st.isDirectory() ? fs.readdirSync(p).length === 0 : isEmptyConfig(p)) {
        if (st.isDirectory()) fs.rmdirSync(p);
        else fs.rmSync(p);
        removed.push(p);
      }
    } catch {
      // Gone already, or not ours to judge.
    }
  }
  fs.rmSync(recordFile(ctx), { force: true });
  return removed;
}

/** A config file with nothing left in it: JSON that is `{}`, or any other text that is blank. */
function isEmptyConfig(file: string): boolean {
  if (!file.endsWith('.json')) return fs.readFileSync(file, 'utf8').trim() === '';
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
  } catch {
    return false;
  }
}
