// Finds the Node that runs the daemon: `scry.nodePath` when set, else the
// first `node` on PATH. Never the editor's own runtime: the daemon loads a
// native module, which must not be loaded into (or built for) the editor.
import { ScryError } from '../daemon/protocol/errors';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const MIN_NODE_MAJOR = 20;

export interface NodeInfo {
  path: string;
  version: string;
  /** The native-module ABI (process.versions.modules) of that Node. */
  abi: string;
  source: 'setting' | 'PATH';
}

export class NodeNotFoundError extends ScryError {
  constructor(
    readonly detail: string,
    readonly configured: string | undefined,
  ) {
    super(
      configured
        ? `Scry could not run the Node set in scry.nodePath ('${configured}'): ${detail}`
        : `Scry needs Node ${MIN_NODE_MAJOR} or newer to run its daemon: ${detail}`,
    );
  }
}

export interface FindNodeOptions {
  /** The scry.nodePath setting; empty means "look on PATH". */
  configured?: string;
  pathEnv?: string;
  platform?: NodeJS.Platform;
}

export async function findNode(options: FindNodeOptions = {}): Promise<NodeInfo> {
  const configured = options.configured?.trim() || undefined;
  if (configured) {
    const probe = await probeNode(configured);
    if ('error' in probe) throw new NodeNotFoundError(probe.error, configured);
    return { ...probe, source: 'setting' };
  }
  const candidates = nodeCandidates(options.pathEnv ?? process.env.PATH ?? '', options.platform ?? process.platform);
  if (candidates.length === 0) throw new NodeNotFoundError('no `node` was found on PATH; install Node or set scry.nodePath', undefined);
  const rejected: string[] = [];
  for (const candidate of candidates) {
    const probe = await probeNode(candidate);
    if (!('error' in probe)) return { ...probe, source: 'PATH' };
    rejected.push(`${candidate}: ${probe.error}`);
  }
  throw new NodeNotFoundError(`no usable \`node\` on PATH (${rejected.join('; ')}); set scry.nodePath`, undefined);
}

/** Every executable called node(.exe) on PATH, in PATH order, without duplicates. */
export function nodeCandidates(pathEnv: string, platform: NodeJS.Platform = process.platform): string[] {
  const names = platform === 'win32' ? ['node.exe'] : ['node'];
  const seen = new Set<string>();
  const found: string[] = [];
  for (const dir of pathEnv.split(platform === 'win32' ? ';' : ':')) {
    if (!dir) continue;
    for (const name of names) {
      const file = path.join(dir, name);
      if (seen.has(file) || !isExecutable(file)) continue;
      seen.add(file);
      found.push(file);
    }
  }
  return found;
}

function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs the binary to learn its version; a Node older than the minimum is an error. */
export function probeNode(file: string): Promise<Omit<NodeInfo, 'source'> | { error: string }> {
  if (!isExecutable(file)) return Promise.resolve({ error: 'not an executable file' });
  return new Promise((resolve) => {
    execFile(
      file,
      ['-p', 'process.version + " " + process.versions.modules'],
      { timeout: 15_000, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } },
      (err, stdout) => {
        if (err) return resolve({ error: `running it failed (${err.message.split('\n')[0]})` });
        const m = /^v(\d+)\.\S+ (\d+)$/.exec(stdout.trim());
        if (!m) return resolve({ error: `unexpected version output '${stdout.trim().slice(0, 60)}'` });
        const major = Number(m[1]);
        const version = stdout.trim().split(' ')[0]!;
        if (major < MIN_NODE_MAJOR) return resolve({ error: `it is ${version}, Scry needs v${MIN_NODE_MAJOR} or newer` });
        resolve({ path: file, version, abi: m[2]! });
      },
    );
  });
}
