// The `scry` link behind "Install 'scry' Command in PATH": a symlink from a
// bin folder on the user's PATH to the CLI this extension bundles, as VS Code
// does for `code`, so every terminal (not only the editor's) runs it. No
// `vscode` import: tested under plain Node.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface LinkPlace {
  /** The folder the link goes in. */
  dir: string;
  /** dir/scry. */
  link: string;
  /** Whether dir is on PATH already; when not, the user is told how to add it. */
  onPath: boolean;
}

/**
 * A per-user bin folder already on PATH, ~/.local/bin before ~/bin (no sudo,
 * nothing system-wide to clobber); else ~/.local/bin, which most shell
 * profiles add to PATH once it exists.
 */
export function linkPlace(pathVar = process.env.PATH ?? '', home = os.homedir()): LinkPlace {
  const onPath = pathVar
    .split(path.delimiter)
    .filter(Boolean)
    .map((p) => path.resolve(p));
  const candidates = linkDirs(home);
  const dir = candidates.find((c) => onPath.includes(c)) ?? candidates[0]!;
  return { dir, link: path.join(dir, 'scry'), onPath: onPath.includes(dir) };
}

/** Every folder a link may have been put in, for undo and for re-pointing after an update. */
export function linkDirs(home = os.homedir()): string[] {
  return [path.join(home, '.local', 'bin'), path.join(home, 'bin')];
}

export type LinkState =
  | { kind: 'absent' }
  /** A link to a scry inside this extension: this version (`current`) or another one. */
  | { kind: 'ours'; target: string; current: boolean }
  /** Something else: a file, or a link to another scry (npm -g puts one there when its prefix is ~/.local). */
  | { kind: 'other'; what: string };

/**
 * What is at `link`. A link is ours when it points at `scryBin` or at bin/scry
 * of any installed version of this extension (<extensions>/<id>-<version>/), so
 * an update can re-point it and undo can remove it, and nothing else is touched.
 */
export function inspectLink(link: string, scryBin: string, extensionId: string): LinkState {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(link);
  } catch {
    return { kind: 'absent' };
  }
  if (!stat.isSymbolicLink()) return { kind: 'other', what: 'a file' };
  const target = path.resolve(path.dirname(link), fs.readlinkSync(link));
  if (target === scryBin) return { kind: 'ours', target, current: true };
  const versioned = new RegExp(`[/\\\\]${extensionId.replace(/\./g, '\\.')}-\\d[^/\\\\]*[/\\\\]bin[/\\\\]scry$`, 'i');
  return versioned.test(target) ? { kind: 'ours', target, current: false } : { kind: 'other', what: `a link to ${target}` };
}

/** Points dir/scry at scryBin, replacing whatever is there (the caller has decided it may). */
export function writeLink(place: LinkPlace, scryBin: string): void {
  if (process.platform === 'win32') throw new Error(`linking scry into PATH is not supported on Windows; add ${path.dirname(scryBin)} to PATH instead`);
  fs.mkdirSync(place.dir, { recursive: true });
  // Beside the link, then renamed over it: a terminal never sees it missing.
  const tmp = `${place.link}.scry-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  fs.symlinkSync(scryBin, tmp);
  fs.renameSync(tmp, place.link);
}

export function removeLink(link: string): void {
  fs.rmSync(link, { force: true });
}

/** `~/x` for a path under home: what a user reads and types. */
export function tildify(p: string, home = os.homedir()): string {
  return p === home || p.startsWith(home + path.sep) ? `~${p.slice(home.length)}` : p;
}
