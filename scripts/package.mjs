// `npm run package`: bundles, per-ABI native builds, then a VSIX with
// @vscode/vsce into out/scry-<version>.vsix, and reports its size. What goes
// in is decided by .vscodeignore (an allow-list). The list of packed files
// goes to out/package-files.txt, unless --no-listing (`vsce ls` takes seconds;
// the e2e tests package without it).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const out = path.join(root, 'out', `scry-${pkg.version}.vsix`);

const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(['scripts/build.mjs']);
run(['scripts/build-native.mjs']);
const natives = fs.existsSync(path.join(root, 'dist', 'native')) ? fs.readdirSync(path.join(root, 'dist', 'native')).sort() : [];
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.rmSync(out, { force: true });
// Dependencies come from `npm list --production`; .vscodeignore keeps only what the daemon loads.
run([path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--out', out]);

const bytes = fs.statSync(out).size;
const listing = process.argv.includes('--no-listing')
  ? undefined
  : spawnSync(process.execPath, [path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--tree'], { cwd: root, encoding: 'utf8' });
const summary = { vsix: path.relative(root, out), bytes, mb: Math.round((bytes / 1024 / 1024) * 10) / 10, native: natives };
fs.writeFileSync(path.join(root, 'out', 'package-report.json'), `${JSON.stringify(summary, null, 2)}\n`);
// Without a listing, none of another VSIX's stays behind.
if (listing?.status === 0) fs.writeFileSync(path.join(root, 'out', 'package-files.txt'), listing.stdout);
else fs.rmSync(path.join(root, 'out', 'package-files.txt'), { force: true });
console.error(`package: ${summary.vsix} is ${summary.mb} MB (${bytes} bytes); native builds: ${natives.join(', ') || 'none'}`);
