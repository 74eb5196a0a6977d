// scip-go: the one on PATH, else a pinned release downloaded once into
// $SCRY_HOME/bin and verified by SHA-256 before its first use.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ScryError } from '../../errors';
import { findOnPath } from '../../which';
import { downloadVerified, type Pinned } from './download';
import type { PrepareContext, Prepared } from './plan';

export const GO_INDEXER = 'scip-go';
export const SCIP_GO_VERSION = '0.1.26';

// From the scip-go v0.1.26 release's checksums file (scip-go_0.1.26_checksums.txt),
// as quoted by a public project that pins the same release; the release page
// itself could not be fetched from this machine to re-check them.
const SHA256: Record<string, string> = {
  linux_amd64: '66257b6db74e13c2e756c9abba8e7d34e62eb91d16cdbe087a0b0c170c89c37d',
  linux_arm64: 'bc8e5abb959521912d60181de8922e5158a609a2e9d87e6ed2b7801c11c0efab',
  darwin_amd64: '768d8048d537f1e2a26735b37fa0481296c6a1010392b2750c88b73716b529cf',
  darwin_arm64: '1b87a5e0b2af4e41bc1cc49220e7d3a84a831468ae6944a9574e7d4c1270909c',
};

export const DEFAULT_URL_BASE = `https://github.com/sourcegraph/scip-go/releases/download/v${SCIP_GO_VERSION}`;

/** The pinned archive for this platform. SCRY_SCIP_GO_URL replaces the URL base (a mirror, or a test server). */
export function scipGoPin(env: NodeJS.ProcessEnv, platform: string = process.platform, arch: string = process.arch): Pinned | undefined {
  const key = `${platform}_${arch === 'x64' ? 'amd64' : arch}`;
  const sha256 = SHA256[key];
  if (!sha256) return undefined;
  const base = (env.SCRY_SCIP_GO_URL || DEFAULT_URL_BASE).replace(/\/+$/, '');
  // SCRY_SCIP_GO_SHA256 is for a mirror that serves its own build; the check itself is never skipped.
  return { url: `${base}/scip-go_${SCIP_GO_VERSION}_${key}.tar.gz`, sha256: env.SCRY_SCIP_GO_SHA256 || sha256, member: 'scip-go' };
}

/** Path of a runnable scip-go, downloading the pinned release if needed. */
export async function ensureScipGo(home: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<string> {
  const onPath = findOnPath(GO_INDEXER, env);
  if (onPath) return onPath;
  const dir = path.join(home, 'bin', `scip-go-${SCIP_GO_VERSION}`);
  const binary = path.join(dir, GO_INDEXER);
  if (fs.existsSync(binary)) return binary; // verified when it was downloaded
  const pin = scipGoPin(env);
  if (!pin) throw new ScryError(`no pinned scip-go release for ${process.platform}-${process.arch}`, 'Install scip-go on PATH');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  await downloadVerified(pin, binary, signal);
  return binary;
}

export async function prepareGo(ctx: PrepareContext): Promise<Prepared> {
  const output = path.join(ctx.workDir, 'go.scip');
  try {
    const command = await ensureScipGo(ctx.home, ctx.env, ctx.signal);
    return { plan: { language: 'go', indexer: GO_INDEXER, command, args: ['--output', output], output } };
  } catch (err) {
    const scry = err instanceof ScryError;
    return {
      report: {
        language: 'go',
        indexer: GO_INDEXER,
        status: 'missing',
        file_count: 0,
        duration_ms: 0,
        error: err instanceof Error ? err.message.replace(scry && err.remedy ? `. ${err.remedy}` : '', '') : String(err),
        remedy: scry ? err.remedy : 'Install scip-go on PATH',
      },
    };
  }
}
