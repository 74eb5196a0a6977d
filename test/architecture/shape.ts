// The shape the code wing is held to (issue 34), as checks over a source tree
// that return what is wrong, one line each: so the test runs them on the real
// tree (nothing wrong) and on a planted one (each fault named).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { circles, fileGraph, sourcesUnder, unitGraph, type Graph } from './imports';

export const lineCount = (file: string): number => fs.readFileSync(file, 'utf8').split('\n').length;

/** Files allowed past the 400-line limit, and why; each must still need it. */
export const LONG_FILES: Readonly<Record<string, string>> = {
  'daemon/code/store/ingest.ts': 'one streaming pass over SCIP documents; its derived facts are already in calls, containing, jsdoc and uses',
};

/**
 * Import circles between folders known today, each to be taken apart, not
 * added to: `parent: unit unit …` (units are the parent's files and folders).
 */
export const KNOWN_FOLDER_CIRCLES: readonly string[] = [
  // memory's store reads extract/'s schema and relation vocabulary (memory wing, left to its own issues).
  'daemon/memory: extract store',
];

/** A writer of files into a planted tree under `root`, for the tests that check a fault is caught. */
export const planter =
  (root: string) =>
  (relPath: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(root, relPath)), { recursive: true });
    fs.writeFileSync(path.join(root, relPath), text);
  };

const rel = (root: string, f: string): string => path.relative(root, f).split(path.sep).join('/');

/** daemon/code/domain.ts stays wiring (< 250 lines); no file of the code wing or git passes 400 unless named in LONG_FILES. */
export function sizeProblems(root: string, long: Readonly<Record<string, string>> = LONG_FILES): string[] {
  const out: string[] = [];
  const domain = lineCount(path.join(root, 'daemon', 'code', 'domain.ts'));
  if (domain >= 250) out.push(`daemon/code/domain.ts has ${domain} lines (under 250: it is the wiring)`);
  for (const f of [...sourcesUnder(path.join(root, 'daemon', 'code')), ...sourcesUnder(path.join(root, 'daemon', 'git'))]) {
    const name = rel(root, f);
    const n = lineCount(f);
    if (n > 400 && long[name] === undefined) out.push(`${name} has ${n} lines (400 at most)`);
    if (n <= 400 && long[name] !== undefined) out.push(`${name} has ${n} lines: it no longer needs its place in LONG_FILES`);
  }
  return out;
}

/** Every folder of the code wing and of git is entered through an index.ts (generated code aside). */
export function indexProblems(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (path.basename(dir) === 'gen') return;
    if (!fs.existsSync(path.join(dir, 'index.ts'))) out.push(`${rel(root, dir)}/ has no index.ts`);
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(dir, e.name));
  };
  for (const top of ['code', 'git']) {
    const dir = path.join(root, 'daemon', top);
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(dir, e.name));
  }
  const git = path.join(root, 'daemon', 'git');
  if (!fs.existsSync(path.join(git, 'index.ts'))) out.push('daemon/git/ has no index.ts');
  return out;
}

const daemonGraph = (root: string): Graph => fileGraph(sourcesUnder(path.join(root, 'daemon')).filter((f) => !f.split(path.sep).includes('gen')));

/** No circle among the daemon's files; none among the folders of any folder, but those known. */
export function circleProblems(root: string, known: readonly string[] = KNOWN_FOLDER_CIRCLES): string[] {
  const graph = daemonGraph(root);
  const out = circles(graph).map((c) => `files import each other in a circle: ${c.map((f) => rel(root, f)).join(' ')}`);
  const folders = new Set<string>();
  for (const f of graph.keys()) for (let d = path.dirname(f); d.startsWith(path.join(root, 'daemon')); d = path.dirname(d)) folders.add(d);
  const found = new Set<string>();
  for (const dir of [...folders].sort()) {
    const inside = new Map(
      [...graph].filter(([f]) => f.startsWith(dir + path.sep)).map(([f, tos]) => [f, new Set([...tos].filter((t) => t.startsWith(dir + path.sep)))]),
    );
    const unitOf = (f: string): string => path.relative(dir, f).split(path.sep)[0]!.replace(/\.ts$/, '');
    for (const c of circles(unitGraph(inside, unitOf))) found.add(`${rel(root, dir)}: ${c.join(' ')}`);
  }
  for (const c of found) if (!known.includes(c)) out.push(`folders import each other in a circle: ${c}`);
  for (const c of known) if (!found.has(c)) out.push(`the known circle '${c}' is gone: take it off KNOWN_FOLDER_CIRCLES`);
  return out;
}

/** The language catalog (daemon/code/languages/) is data: it imports nothing of the daemon outside itself. */
export function catalogProblems(root: string): string[] {
  const catalog = path.join(root, 'daemon', 'code', 'languages');
  const out: string[] = [];
  for (const [f, tos] of daemonGraph(root)) {
    if (!f.startsWith(catalog + path.sep)) continue;
    for (const t of tos)
      if (!t.startsWith(catalog + path.sep))
        out.push(`${rel(root, f)} imports ${rel(root, t)}: the language catalog imports nothing of the daemon (readers go in readers/, indexers in indexers/)`);
  }
  return out;
}

/** daemon/git/ is a leaf (it imports nothing of the daemon), and nothing else in the daemon starts git. */
export function gitProblems(root: string): string[] {
  const out: string[] = [];
  const git = path.join(root, 'daemon', 'git');
  const graph = daemonGraph(root);
  for (const [f, tos] of graph) {
    if (f.startsWith(git + path.sep)) {
      for (const t of tos) if (!t.startsWith(git + path.sep)) out.push(`${rel(root, f)} imports ${rel(root, t)}: daemon/git/ imports nothing of the daemon`);
    } else if (/\b(?:execFile|execFileSync|spawn|spawnSync)\(\s*'git'/.test(fs.readFileSync(f, 'utf8'))) {
      out.push(`${rel(root, f)} runs git itself: use daemon/git/ (run.ts)`);
    }
  }
  return out;
}
