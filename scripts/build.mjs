// Bundles each entry point with esbuild. better-sqlite3 stays external: it is a
// native module loaded from node_modules (or from a per-ABI build in the VSIX).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  external: ['better-sqlite3'],
  legalComments: 'none',
  define: { SCRY_VERSION: JSON.stringify(pkg.version) },
};

const entries = [
  // The CLI is on every agent's hot path: keep it small and minified.
  {
    entryPoints: ['daemon/cli/main.ts'],
    outfile: 'dist/cli.js',
    minify: true,
    alias: { 'vscode-jsonrpc': './daemon/cli/jsonrpc-shim.ts' },
  },
  // Minified too: a cold start pays for parsing every byte before listening.
  { entryPoints: ['daemon/server/main.ts'], outfile: 'dist/daemon.js', minify: true, keepNames: true },
  // The editor side. It never loads better-sqlite3 or an indexer: the daemon
  // does, in its own Node. 'vscode' is provided by the extension host.
  { entryPoints: ['extension/extension.ts'], outfile: 'dist/extension.js', minify: true, keepNames: true, external: ['vscode', 'better-sqlite3'] },
];

const started = Date.now();
await Promise.all(entries.map((e) => build({ ...common, ...e })));
if (!watch) console.error(`built ${entries.length} bundles in ${Date.now() - started} ms`);
