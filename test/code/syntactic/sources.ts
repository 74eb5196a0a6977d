// Real code nobody here wrote, from Debian and npm: packages are fetched with
// `apt-get download` (or `npm pack`) into a cache shared by test runs and
// extracted there (nothing is installed). Installed copies (e.g. from
// .ci/apt-packages) are used as they are. When neither works, the caller
// skips with the reason. Test files run side by side (scripts/test.mjs): one
// fills the cache at a time, under a lock folder, and the others wait.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const CACHE = process.env.SCRY_TEST_DEB_CACHE || path.join(os.tmpdir(), 'scry-test-debs');

export type Fetched = { root: string } | { skip: string };

/**
 * The extracted tree of these packages (one root for all), and `sub` inside
 * it: `/usr/share/php` for php-illuminate-*. Installed copies win.
 */
export function debianSources(packages: readonly string[], sub: string): Fetched {
  if (packages.every((p) => installed(p)) && fs.existsSync(`/${sub}`)) return { root: `/${sub}` };
  return locked(() => fetchDebs(packages, sub));
}

function fetchDebs(packages: readonly string[], sub: string): Fetched {
  const root = path.join(CACHE, 'x');
  fs.mkdirSync(path.join(CACHE, 'debs'), { recursive: true });
  for (const pkg of packages) {
    const marker = path.join(CACHE, `${pkg}.extracted`);
    if (fs.existsSync(marker)) continue;
    const dl = spawnSync('apt-get', ['download', pkg], { cwd: path.join(CACHE, 'debs'), encoding: 'utf8' });
    if (dl.error || dl.status !== 0) return { skip: `apt-get download ${pkg} failed: ${dl.error?.message ?? dl.stderr.trim().split('\n').pop()}` };
    const deb = fs.readdirSync(path.join(CACHE, 'debs')).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
    if (!deb) return { skip: `apt-get download ${pkg} left no .deb` };
    const x = spawnSync('dpkg-deb', ['-x', path.join(CACHE, 'debs', deb), root], { encoding: 'utf8' });
    if (x.error || x.status !== 0) return { skip: `dpkg-deb -x ${deb} failed: ${x.error?.message ?? x.stderr.trim()}` };
    fs.writeFileSync(marker, '');
  }
  const dir = path.join(root, sub);
  return fs.existsSync(dir) ? { root: dir } : { skip: `${packages.join(', ')} have no ${sub}` };
}

function installed(pkg: string): boolean {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

/** An npm package's published files (`package/` of its tarball), e.g. `edge-cs@1.2.1`. */
export function npmPackage(spec: string): Fetched {
  const dir = path.join(CACHE, 'npm', spec);
  const root = path.join(dir, 'package');
  if (fs.existsSync(path.join(dir, '.extracted'))) return { root };
  return locked(() => (fs.existsSync(path.join(dir, '.extracted')) ? { root } : packNpm(spec, dir, root)));
}

function packNpm(spec: string, dir: string, root: string): Fetched {
  fs.mkdirSync(dir, { recursive: true });
  const pack = spawnSync('npm', ['pack', spec, '--silent'], { cwd: dir, encoding: 'utf8' });
  const tgz = pack.stdout?.trim().split('\n').pop();
  if (pack.error || pack.status !== 0 || !tgz) return { skip: `npm pack ${spec} failed: ${pack.error?.message ?? pack.stderr.trim().split('\n').pop()}` };
  const x = spawnSync('tar', ['-xzf', tgz], { cwd: dir, encoding: 'utf8' });
  if (x.status !== 0) return { skip: `tar -xzf ${tgz} failed: ${x.stderr.trim()}` };
  fs.writeFileSync(path.join(dir, '.extracted'), '');
  return { root };
}

/** Files of a zip member pattern unpacked once (openjdk-17-source ships its sources as lib/src.zip). */
export function unzipped(zip: string, pattern: string, name: string): Fetched {
  const dir = path.join(CACHE, 'unzip', name);
  if (fs.existsSync(path.join(dir, '.extracted'))) return { root: dir };
  return locked(() => (fs.existsSync(path.join(dir, '.extracted')) ? { root: dir } : unzip(zip, pattern, dir)));
}

function unzip(zip: string, pattern: string, dir: string): Fetched {
  fs.mkdirSync(dir, { recursive: true });
  const x = spawnSync('unzip', ['-q', '-o', zip, pattern, '-d', dir], { encoding: 'utf8' });
  if (x.error || x.status !== 0) return { skip: `unzip ${zip} ${pattern} failed: ${x.error?.message ?? x.stderr.trim()}` };
  fs.writeFileSync(path.join(dir, '.extracted'), '');
  return { root: dir };
}

/** Runs fn holding the cache's lock folder; a lock left for 10 minutes by a killed run is taken over. */
function locked<T>(fn: () => T): T {
  const lock = path.join(CACHE, '.lock');
  fs.mkdirSync(CACHE, { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 600_000) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
