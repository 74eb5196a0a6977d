// Fetches a release archive, checks its SHA-256 against the pinned value
// before anything is written where it could run, and unpacks one binary.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ChecksumMismatchError, DownloadFailedError, errorMessage } from '../../errors';

export interface Pinned {
  url: string;
  sha256: string;
  /** The binary's name inside the .tar.gz. */
  member: string;
}

export async function downloadVerified(pin: Pinned, destination: string, signal?: AbortSignal): Promise<void> {
  let bytes: Buffer;
  try {
    const res = await fetch(pin.url, { signal });
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new DownloadFailedError(pin.url, errorMessage(err));
  }
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== pin.sha256.toLowerCase()) throw new ChecksumMismatchError(pin.url, pin.sha256, actual);
  const staging = fs.mkdtempSync(path.join(path.dirname(destination), '.download-'));
  try {
    const archive = path.join(staging, 'archive.tar.gz');
    fs.writeFileSync(archive, bytes);
    const tar = spawnSync('tar', ['-xzf', archive, '-C', staging], { encoding: 'utf8' });
    if (tar.status !== 0) throw new DownloadFailedError(pin.url, `not a .tar.gz archive (${(tar.stderr || tar.error?.message || '').trim()})`);
    const member = findFile(staging, pin.member);
    if (!member) throw new DownloadFailedError(pin.url, `the archive holds no '${pin.member}'`);
    fs.chmodSync(member, 0o755);
    fs.renameSync(member, destination);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function findFile(dir: string, name: string): string | undefined {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isFile() && e.name === name) return p;
    if (e.isDirectory()) {
      const found = findFile(p, name);
      if (found) return found;
    }
  }
  return undefined;
}
