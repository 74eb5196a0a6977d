// Bundles each entry point with esbuild. better-sqlite3's JavaScript is bundled
// too: its addon is loaded by path (daemon/sqlite.ts), the per-ABI build in
// dist/native or, where none matches, the one npm built in node_modules, so the
// package installs even where better-sqlite3's own install (an optional
// dependency) cannot download or compile. web-tree-sitter stays external: it finds its .wasm beside itself, and is
// loaded only when a watched file changes.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const requireBuiltin = createRequire(import.meta.url);

// `import * as fs from 'node:fs'` bundles to __toESM(require('node:fs')),
// which copies every property of the module into a new object, once per
// importing file: about 1 ms of each CLI start for 15 such imports. On the
// CLI's bundles, each builtin is instead an ES module of its named exports,
// each read once and dropped by tree-shaking when unused, so `fs.existsSync`
// becomes a plain reference. Dynamic require('node:…') calls stay as they are.
const namedBuiltins = {
  name: 'named-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => (args.kind === 'import-statement' ? { path: args.path, namespace: 'builtin' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => {
      const names = Object.keys(requireBuiltin(args.path)).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
      const exports = names.map((n) => `export const ${n} = /* @__PURE__ */ (() => m.${n})();`);
      return { contents: [`const m = require(${JSON.stringify(args.path)});`, ...exports, 'export default m;'].join('\n'), loader: 'js' };
    });
  },
};

// The English NLP model (wink-eng-lite-web-model, 3.6 MB of JavaScript) is a
// bundle of its own, dist/nlp.js, required by the daemon the first time it
// extracts (daemon/memory/nlp/model.ts): parsed inline, it would cost every
// daemon start ~40 ms and ~30 MB even when nothing is extracted.
const nlpApart = {
  name: 'nlp-apart',
  setup(b) {
    b.onResolve({ filter: /^\.\/wink$/ }, (args) => (/[\\/]memory[\\/]nlp$/.test(args.resolveDir) ? { path: './nlp.js', external: true } : undefined));
  },
};

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  external: ['web-tree-sitter', '@vscode/tree-sitter-wasm'],
  legalComments: 'none',
  define: { SCRY_VERSION: JSON.stringify(pkg.version) },
};

// The CLI's bundles that read method declarations: the CLI's zod shim and
// JSON-RPC types instead of the packages, and named builtins.
const cliSide = { alias: { 'vscode-jsonrpc': './daemon/cli/jsonrpc-shim.ts', 'zod/mini': './daemon/protocol/zod-shim.ts' }, plugins: [namedBuiltins] };

// The code commands' specs (daemon/cli/quick-table.ts), evaluated here once
// so the CLI's quick path carries them as data instead of evaluating the
// declarations on every start.
async function quickTable() {
  const out = await build({
    ...common,
    entryPoints: ['daemon/cli/quick-table.ts'],
    outfile: 'quick-table.js',
    write: false,
    sourcemap: false,
    plugins: [namedBuiltins],
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, requireBuiltin);
  return mod.exports.quickTable();
}

const entries = [
  // Every `scry` starts here, and a code query with a daemon running ends here: keep it small.
  {
    entryPoints: ['daemon/cli/quick.ts'],
    outfile: 'dist/cli.js',
    minify: true,
    define: { ...common.define, SCRY_QUICK_TABLE: JSON.stringify(await quickTable()) },
    plugins: [namedBuiltins],
  },
  // The rest of the CLI: every other command, usage errors, and a query that has to start the daemon.
  {
    entryPoints: ['daemon/cli/main.ts'],
    outfile: 'dist/cli-full.js',
    minify: true,
    ...cliSide,
  },
  // Minified too: a cold start pays for parsing every byte before listening.
  { entryPoints: ['daemon/server/main.ts'], outfile: 'dist/daemon.js', minify: true, keepNames: true, plugins: [nlpApart] },
  // The NLP library and its model, loaded by the daemon on its first extraction.
  { entryPoints: ['daemon/memory/nlp/wink.ts'], outfile: 'dist/nlp.js', minify: true, sourcemap: false },
  // Every agent hook (daemon/hooks), run before each Bash command an agent runs once bin/scry-hook finds a search in it: keep it small.
  { entryPoints: ['daemon/hooks/index.ts'], outfile: 'dist/hook.js', minify: true, ...cliSide },
  // Loaded by the CLI only to print for a person or in compact form.
  { entryPoints: ['daemon/cli/formatters.ts'], outfile: 'dist/formatters.js', minify: true, ...cliSide },
  // Loaded by the CLI only for `scry mcp` and for `scry setup` / `scry doctor`.
  { entryPoints: ['daemon/mcp/index.ts'], outfile: 'dist/mcp.js', minify: true, alias: { 'vscode-jsonrpc': './daemon/cli/jsonrpc-shim.ts' } },
  // jsonc-parser's `main` is a UMD build whose internal requires esbuild cannot follow; its ESM build bundles cleanly.
  { entryPoints: ['daemon/setup/index.ts'], outfile: 'dist/setup.js', alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' } },
  // The CLI's cold path: answers from the index file while the daemon boots.
  { entryPoints: ['daemon/cli/direct.ts'], outfile: 'dist/direct.js', minify: true, ...cliSide },
  // Builds run in a worker thread so ingest never blocks the daemon's event loop.
  { entryPoints: ['daemon/code/build/worker.ts'], outfile: 'dist/build-worker.js', minify: true, keepNames: true },
  // The editor side. It never loads better-sqlite3 or an indexer: the daemon
  // does, in its own Node. 'vscode' is provided by the extension host.
  { entryPoints: ['extension/extension.ts'], outfile: 'dist/extension.js', minify: true, keepNames: true, external: ['vscode', 'better-sqlite3'] },
];

// The memory-graph page runs in the webview (a browser): cytoscape and fcose
// bundled in, no remote resources, one file loaded through asWebviewUri.
const webview = {
  entryPoints: ['webview/main.ts'],
  outfile: 'dist/webview/memoryGraph.js',
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

// Grammars whose npm package is only a devDependency (tree-sitter-elixir
// installs 23 MB of C sources and native prebuilds around a 1.4 MB WASM):
// the WASM and the licence are copied into dist/grammars/, where
// daemon/code/syntactic/parser.ts looks when the package is not installed (an
// installed scry, the VSIX). Each is a grammar declared with `bundled: true`.
const BUNDLED_GRAMMARS = [{ package: 'tree-sitter-elixir', file: 'tree-sitter-elixir.wasm' }];
function copyGrammars() {
  mkdirSync('dist/grammars', { recursive: true });
  for (const g of BUNDLED_GRAMMARS) {
    const dir = path.dirname(requireBuiltin.resolve(`${g.package}/package.json`));
    settle(path.join('dist/grammars', path.basename(g.file)), readFileSync(path.join(dir, g.file)));
    settle(path.join('dist/grammars', `${g.package}.LICENSE`), readFileSync(path.join(dir, 'LICENSE')));
  }
}

// A build while tests or a daemon read dist/ (`npm pack` and `npm run package`
// rebuild it, and test files run side by side): a file whose bytes are
// unchanged is left alone, and a changed one is replaced whole by a rename, so
// no reader ever loads half a bundle.
function settle(file, bytes) {
  let old;
  try {
    old = readFileSync(file);
  } catch {
    old = undefined;
  }
  if (old && Buffer.compare(old, bytes) === 0) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}
const written = (result) => {
  for (const f of result.outputFiles ?? []) settle(f.path, f.contents);
};

const started = Date.now();
copyGrammars();
await Promise.all([...entries.map((e) => build({ ...common, ...e, write: false }).then(written)), build({ ...webview, write: false }).then(written)]);
if (!watch) console.error(`built ${entries.length + 1} bundles in ${Date.now() - started} ms`);
