// The Nodes this machine can run, one per supported major: 20 on PATH, and
// the 22 and 24 that scripts/build-native.mjs and .ci/setup-e2e fetch. Each
// with the folder holding its headers, for compiling better-sqlite3 offline.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TestNode {
  major: number;
  /** The node executable. */
  bin: string;
  /** A folder with include/node (what npm_config_nodedir names), when there is one. */
  nodedir?: string;
  /** Why it is skipped, when this machine has no such Node. */
  missing?: string;
}

const nativeCache = process.env.SCRY_NATIVE_CACHE || path.join(os.homedir(), '.cache', 'scry-native');
const e2ePrefix = process.env.SCRY_E2E_PREFIX || (fs.existsSync('/opt/scry-e2e') ? '/opt/scry-e2e' : path.join(os.homedir(), '.cache', 'scry-e2e'));

export function supportedNodes(): TestNode[] {
  const onPath = spawnSync('sh', ['-c', 'command -v node'], { encoding: 'utf8' }).stdout.trim();
  const candidates: Array<{ major: number; bins: string[] }> = [
    { major: 20, bins: [onPath] },
    { major: 22, bins: [path.join(nativeCache, 'node22', 'bin', 'node')] },
    { major: 24, bins: [path.join(e2ePrefix, 'node24', 'bin', 'node'), path.join(nativeCache, 'node24', 'bin', 'node')] },
  ];
  return candidates.map(({ major, bins }) => {
    const bin = bins.find((b) => b && majorOf(b) === major);
    if (!bin) return { major, bin: '', missing: `no Node ${major} at ${bins.filter(Boolean).join(' or ') || 'PATH'}` };
    const prefix = path.resolve(fs.realpathSync(bin), '..', '..');
    const nodedir = fs.existsSync(path.join(prefix, 'include', 'node', 'node_version.h')) ? prefix : undefined;
    return { major, bin, ...(nodedir ? { nodedir } : {}) };
  });
}

function majorOf(bin: string): number | undefined {
  if (!fs.existsSync(bin)) return undefined;
  const r = spawnSync(bin, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim()) : undefined;
}
