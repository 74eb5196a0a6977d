// Shared test plumbing: temp SCRY_HOMEs, a copy of a real codebase, and the
// real CLI run as a child process against a real daemon.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { MemoryStatus } from '../daemon/protocol';

export const ROOT = path.resolve(__dirname, '..');
export const CLI = path.join(ROOT, 'bin', 'scry');

/** mulberry32: a small seeded PRNG, the same "random" run every time (a fuzz seed, a hand check's sample). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `scry-${prefix}-`));
}

/**
 * A private copy of rxjs (real TypeScript nobody here wrote): its sources,
 * tsconfig and package.json, as a git repo, the way a user would have it.
 */
export function rxjsRepo(): string {
  const src = path.dirname(require.resolve('rxjs/package.json'));
  const dir = tempDir('rxjs');
  fs.cpSync(path.join(src, 'src'), path.join(dir, 'src'), { recursive: true });
  fs.copyFileSync(path.join(src, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  fs.copyFileSync(path.join(src, 'package.json'), path.join(dir, 'package.json'));
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/**
 * A private copy of ajv 8 (real TypeScript nobody here wrote, MIT): the
 * sources it ships in lib/, its package.json and licence, and a tsconfig
 * over lib/ (the package ships none), as a git repo.
 */
export function ajvRepo(): string {
  const src = path.dirname(require.resolve('ajv/package.json'));
  const dir = tempDir('ajv');
  fs.cpSync(path.join(src, 'lib'), path.join(dir, 'lib'), { recursive: true });
  fs.copyFileSync(path.join(src, 'package.json'), path.join(dir, 'package.json'));
  fs.copyFileSync(path.join(src, 'LICENSE'), path.join(dir, 'LICENSE'));
  const compilerOptions = {
    target: 'es2018',
    module: 'commonjs',
    moduleResolution: 'node',
    strict: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    noEmit: true,
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions, include: ['lib'] }, null, 2)}\n`);
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function scry(args: string[], opts: { home: string; cwd?: string; env?: NodeJS.ProcessEnv }): Promise<CliResult> {
  return runCli(args, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env, SCRY_HOME: opts.home } });
}

/** The real CLI as a child process with exactly this environment, and `input` on its stdin. */
export function runCli(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

export async function scryJson<T>(args: string[], opts: { home: string; cwd?: string; env?: NodeJS.ProcessEnv }): Promise<T> {
  return jsonAnswer<T>(args, await scry([...args, '--json'], opts));
}

/** `scry memory status` of the daemon in `home` (started if need be), with the background sweep off unless `env` turns it on. */
export function memoryStatus(home: string, env: NodeJS.ProcessEnv = {}): Promise<MemoryStatus> {
  return scryJson<MemoryStatus>(['memory', 'status'], { home, env: { SCRY_MEMORY_SWEEP: '0', ...env } });
}

/**
 * A JSON answer the CLI gave: exit 0, or exit 1 with `suggestions` (the
 * documented answer about a name no symbol has, as grep exits 1 when nothing
 * matched). Anything else throws with the command and its stderr.
 */
export function jsonAnswer<T>(args: readonly string[], r: { code: number | null; stdout: string; stderr: string }): T {
  if (r.code === 0) return JSON.parse(r.stdout) as T;
  if (r.code === 1) {
    let answer: unknown;
    try {
      answer = JSON.parse(r.stdout);
    } catch {
      answer = undefined;
    }
    if (typeof answer === 'object' && answer !== null && Array.isArray((answer as { suggestions?: unknown }).suggestions)) return answer as T;
  }
  throw new Error(`scry ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
}

/** Stops the daemon of a test home; kills it if it does not stop. */
export async function stopDaemon(home: string): Promise<void> {
  const pid = daemonPid(home);
  await scry(['stop'], { home });
  if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export function daemonPid(home: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(home, 'scryd.pid'), 'utf8').trim());
  } catch {
    return undefined;
  }
}

import { isAlive } from '../daemon/client/process';

export { isAlive };

/** Line (1-based) of the first line in a file matching re: expectations come from the source, not from memory. */
export function lineOf(file: string, re: RegExp): number {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => re.test(l));
  if (i < 0) throw new Error(`no line matches ${re} in ${file}`);
  return i + 1;
}

/** Files under dir (repo-relative, '/'-separated) whose text matches re. */
export function filesMatching(dir: string, sub: string, re: RegExp): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && re.test(fs.readFileSync(p, 'utf8'))) out.push(path.relative(dir, p).split(path.sep).join('/'));
    }
  };
  walk(path.join(dir, sub));
  return out.sort();
}

/** A private git copy of the small TypeScript workspace under test/fixtures (for tests that need any real build, fast). */
export function workspaceRepo(): string {
  const dir = tempDir('ws');
  fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'workspace'), dir, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return fs.realpathSync(dir);
}

/** This process's environment with no folder on PATH that holds `command` (scip-php, scip-go): tests say which indexer runs. */
export function envWithout(command: string): NodeJS.ProcessEnv {
  const PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((d) => d && !fs.existsSync(path.join(d, command)))
    .join(path.delimiter);
  return { ...process.env, PATH };
}
