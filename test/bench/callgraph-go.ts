// gopls's call hierarchy as the oracle for Go (`gopls call_hierarchy
// FILE:LINE:COL`, one process per function), on a real Go module fetched
// through the module proxy: golang.org/x/mod.
//
// The sample rule (committed before any tuning): every top-level `func`
// (function or method) in the module's non-test files whose name is
// declared by exactly one `func` and by no `type`; sorted by name, sampled
// evenly to SAMPLE; those with no call site in or out are left out (and
// counted). Call sites in _test.go files are left out on both sides, and,
// as for TypeScript, only real call sites count: gopls's incoming calls
// also list a function passed as a value.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Site } from './callgraph-oracle';

export const GO_MODULE = 'golang.org/x/mod@v0.37.0';
export const GO_SAMPLE = 50;

export interface GoFunc {
  name: string;
  /** Repo-relative. */
  file: string;
  line: number;
  column: number;
}

/** $(go env GOPATH)/bin, where `go install` puts gopls and scip-go. */
export function goBin(): string | undefined {
  const r = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8' });
  return r.status === 0 ? path.join(r.stdout.trim(), 'bin') : undefined;
}

/** The module's sources in a fresh git repo, or why not. */
export function goModuleRepo(dir: string): string | { skip: string } {
  const r = spawnSync('go', ['mod', 'download', '-json', GO_MODULE], { encoding: 'utf8' });
  if (r.status !== 0) return { skip: `go mod download ${GO_MODULE} failed: ${r.stderr.trim().split('\n').pop()}` };
  const src = (JSON.parse(r.stdout) as { Dir: string }).Dir;
  fs.cpSync(src, dir, { recursive: true });
  for (const f of walk(dir)) fs.chmodSync(f, 0o644);
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

const FUNC = /^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/;
const TYPE = /^type\s+([A-Za-z_]\w*)/;

export function sampleGo(repo: string, count = GO_SAMPLE): GoFunc[] {
  const funcs = new Map<string, GoFunc[]>();
  const types = new Set<string>();
  for (const file of walk(repo)) {
    if (!file.endsWith('.go') || file.endsWith('_test.go')) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const t = TYPE.exec(text);
      if (t) types.add(t[1]!);
      const m = FUNC.exec(text);
      if (!m) return;
      const rel = path.relative(repo, file).split(path.sep).join('/');
      funcs.set(m[1]!, [...(funcs.get(m[1]!) ?? []), { name: m[1]!, file: rel, line: i + 1, column: text.indexOf(m[1]!, 5) + 1 }]);
    });
  }
  const unique = [...funcs.values()]
    .filter((l) => l.length === 1 && !types.has(l[0]!.name))
    .map((l) => l[0]!)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const step = unique.length / count;
  return unique.length <= count ? unique : Array.from({ length: count }, (_, i) => unique[Math.floor(i * step)]!);
}

/** Real call sites in and out of one function, per gopls (non-test files only). */
export function goTruth(gopls: string, repo: string, f: GoFunc): { callers: Set<Site>; callees: Set<Site> } | { skip: string } {
  const r = spawnSync(gopls, ['call_hierarchy', `${path.join(repo, f.file)}:${f.line}:${f.column}`], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) return { skip: `gopls call_hierarchy ${f.file}:${f.line}:${f.column}: ${r.stderr.trim().split('\n').pop()}` };
  const callers = new Set<Site>();
  const callees = new Set<Site>();
  const sources = new Map<string, string[]>();
  for (const line of r.stdout.split('\n')) {
    const m = /^(caller|callee)\[\d+\]: ranges (.*?) in (\S+) from\/to/.exec(line);
    if (!m) continue;
    const file = path.relative(repo, m[3]!).split(path.sep).join('/');
    if (file.startsWith('..') || file.endsWith('_test.go')) continue;
    if (!sources.has(file)) sources.set(file, fs.readFileSync(path.join(repo, file), 'utf8').split('\n'));
    for (const range of m[2]!.split(', ')) {
      const p = /^(\d+):(\d+)-(\d+)$/.exec(range);
      // gopls's incoming calls include a function passed as a value (`sort(xs, compareLine)`): only a call counts.
      const after = p ? (sources.get(file)![Number(p[1]) - 1] ?? '').slice(Number(p[3]) - 1).trimStart() : '';
      if (p && (after.startsWith('(') || after.startsWith('['))) (m[1] === 'caller' ? callers : callees).add(`${file}:${p[1]}:${p[2]}`);
    }
  }
  return { callers, callees };
}
