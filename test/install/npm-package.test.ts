// `npm i -g scry` as a user gets it: `npm pack` of this checkout, installed
// from the tarball into an empty prefix with a fresh npm cache (made empty by
// this file: the installs on the later Nodes reuse what the first one fetched
// from the registry, instead of downloading it again), with no way to reach
// this checkout's node_modules; then the
// README's install commands as written, `scry refs` on a real repo, an MCP
// handshake through the SDK client and `scry stop`, on every supported Node
// this machine has. Every connection but the registry's goes to an empty
// proxy (as on a company network that blocks GitHub): better-sqlite3's own
// install can neither download a prebuilt addon nor node-gyp's headers, so
// the install must stand on the builds the package ships. It may weigh at
// most INSTALLED_MAX_MB.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { DaemonInfo, QueryResult, StatusResult } from '../../daemon/protocol';
import { isAlive, lineOf, ROOT, rxjsRepo, tempDir } from '../helpers';
import { makeStubs } from '../setup/stubs';
import { supportedNodes, type TestNode } from './nodes';
import { installCommands } from './readme';

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  publisher: string;
  version: string;
  devDependencies: Record<string, string>;
  contributes: { commands: Array<{ command: string; title: string; category: string }> };
};
const npmConfig = (key: string): string => spawnSync('npm', ['config', 'get', key], { encoding: 'utf8' }).stdout.trim();
const registry = npmConfig('registry') || 'https://registry.npmjs.org/';
// The machine's own npm and TLS settings (a CA bundle for the registry, a proxy), as any user of it has;
// read before the prefix moves, since npm looks for its global config under the prefix.
const globalconfig = npmConfig('globalconfig');
/** A proxy nobody listens on: connections through it fail at once. */
const EMPTY_PROXY = 'http://127.0.0.1:9';
const network = Object.fromEntries(Object.entries(process.env).filter(([k]) => /proxy|^NODE_EXTRA_CA_CERTS$|^SSL_CERT_(FILE|DIR)$/i.test(k)));
const log = (line: string): void => void process.stderr.write(`# install: ${line}\n`);

/** The most an installed scry may weigh, its dependencies included. */
export const INSTALLED_MAX_MB = 120;

/** Bytes under a folder (files as stored, symlinks not followed). */
function sizeOf(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) total += sizeOf(p);
    else if (e.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

/** Every package in an installed tree: name -> the folders holding it. */
function installedPackages(dir: string, found = new Map<string, string[]>()): Map<string, string[]> {
  const nm = path.join(dir, 'node_modules');
  if (!fs.existsSync(nm)) return found;
  for (const e of fs.readdirSync(nm)) {
    if (e.startsWith('.')) continue;
    const names = e.startsWith('@') ? fs.readdirSync(path.join(nm, e)).map((s) => `${e}/${s}`) : [e];
    for (const name of names) {
      const at = path.join(nm, name);
      if (!fs.existsSync(path.join(at, 'package.json'))) continue;
      found.set(name, [...(found.get(name) ?? []), at]);
      installedPackages(at, found);
    }
  }
  return found;
}

interface Shell {
  status: number | null;
  stdout: string;
  stderr: string;
}

describe('the npm package, installed from its tarball into an empty prefix', () => {
  const work = tempDir('npm-pack');
  let tarball = '';
  let packed: string[] = [];
  const readme = installCommands();

  before(() => {
    // prepare (bundles) and prepack (per-ABI better-sqlite3 builds) run as for `npm publish`.
    const r = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const [report] = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as Array<{ filename: string; size: number; files: Array<{ path: string }> }>;
    tarball = path.join(work, report!.filename);
    packed = report!.files.map((f) => f.path);
    log(`${report!.filename}: ${(report!.size / 1024 / 1024).toFixed(1)} MB, ${packed.length} files`);
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('packs the bundles, bin/scry and the per-ABI native builds, and nothing of the sources', () => {
    for (const f of [
      'bin/scry',
      'bin/scry-hook',
      'dist/hook.js',
      'dist/cli.js',
      'dist/cli-full.js',
      'dist/daemon.js',
      'dist/mcp.js',
      'dist/setup.js',
      'dist/direct.js',
      'dist/build-worker.js',
      'package.json',
      'README.md',
      'LICENSE',
    ]) {
      assert.ok(packed.includes(f), `${f} is in the package`);
    }
    const natives = packed.filter((f) => f.startsWith('dist/native/'));
    if (process.platform === 'linux' && process.arch === 'x64')
      assert.deepEqual(natives, [
        'dist/native/node-v115/better_sqlite3.node',
        'dist/native/node-v127/better_sqlite3.node',
        'dist/native/node-v137/better_sqlite3.node',
      ]);
    // Grammars that ship as a copy of their WASM (and its licence) rather than as a dependency: Elixir's.
    assert.ok(
      packed.includes('dist/grammars/tree-sitter-elixir.wasm') && packed.includes('dist/grammars/tree-sitter-elixir.LICENSE'),
      'the copied Elixir grammar and its licence',
    );
    const stray = packed.filter(
      (f) =>
        !/^(bin\/scry(?:-hook)?|dist\/[\w-]+\.js|dist\/native\/node-v\d+\/better_sqlite3\.node|dist\/grammars\/tree-sitter-[\w-]+\.(?:wasm|LICENSE)|package\.json|README\.md|LICENSE|CHANGELOG\.md)$/.test(
          f,
        ),
    );
    assert.deepEqual(stray, [], 'no sources, maps, tests or the extension bundle');
    assert.ok(!packed.includes('dist/extension.js'));
  });

  it('the README gives each kind of user a command or two, and the editor ones name this extension and its PATH command', () => {
    assert.deepEqual([...readme.keys()], ['Terminal', 'Agent only (Claude Code, Codex)', 'Editor (VS Code, Cursor)']);
    for (const [kind, lines] of readme) assert.ok(lines.length >= 1 && lines.length <= 2, `${kind}: ${lines.join('; ')}`);
    // Not published under its name yet: the README installs the tarball and the VSIX this checkout makes, of this version.
    assert.deepEqual(readme.get('Terminal')![0], `npm install -g ./${pkg.name}-${pkg.version}.tgz`);
    assert.deepEqual(readme.get('Agent only (Claude Code, Codex)'), [`npm install -g ./${pkg.name}-${pkg.version}.tgz`, 'scry setup']);
    assert.deepEqual(readme.get('Editor (VS Code, Cursor)'), [`code --install-extension out/${pkg.name}-${pkg.version}.vsix`]);
    const text0 = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.match(text0, new RegExp(`npm pack +# ${pkg.name}-${pkg.version}\\.tgz`), 'the README says how the tarball is made');
    const install = pkg.contributes.commands.find((c) => c.command === 'scry.installPathCommand')!;
    const undo = pkg.contributes.commands.find((c) => c.command === 'scry.uninstallPathCommand')!;
    const text = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    for (const c of [install, undo]) assert.ok(text.includes(`**${c.category}: ${c.title}**`), `README names "${c.category}: ${c.title}"`);
  });

  const nodes = supportedNodes();
  for (const node of nodes) {
    // The first install is also run on another Node afterwards: the per-ABI builds it carries mean no reinstall.
    const other = node === nodes[0] ? nodes.find((n) => n !== node && !n.missing) : undefined;
    const title = `on Node ${node.major}: the README's terminal and agent commands, refs on rxjs, an MCP handshake, stop; only runtime dependencies${other ? `; then on Node ${other.major} without reinstalling` : ''}`;
    it(title, { skip: node.missing }, async () => {
      await installAndRun(node, tarball, path.join(work, 'npm-cache'), readme, other);
    });
  }
});

async function installAndRun(node: TestNode, tarball: string, npmCache: string, readme: Map<string, string[]>, other?: TestNode): Promise<void> {
  const root = tempDir(`npm-node${node.major}`);
  const prefix = path.join(root, 'prefix');
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(root, 'npmrc'), '');
  const repo = fs.realpathSync(rxjsRepo());
  const scryHome = path.join(home, '.scry');
  const stubs = makeStubs();
  // A user's shell: this Node and the prefix's bin, system tools, nothing of this checkout.
  const env: NodeJS.ProcessEnv = {
    PATH: [path.join(prefix, 'bin'), path.dirname(node.bin), stubs.bin, '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    SCRY_HOME: scryHome,
    STUB_STATE: stubs.state,
    npm_config_prefix: prefix,
    npm_config_cache: npmCache,
    npm_config_userconfig: path.join(root, 'npmrc'),
    npm_config_registry: registry,
    ...(globalconfig && fs.existsSync(globalconfig) ? { npm_config_globalconfig: globalconfig } : {}),
    ...network,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    // Nothing but the registry: every other host goes to a proxy that answers nobody
    // (prebuild-install's GitHub download, node-gyp's headers from nodejs.org).
    HTTPS_PROXY: EMPTY_PROXY,
    HTTP_PROXY: EMPTY_PROXY,
    https_proxy: EMPTY_PROXY,
    http_proxy: EMPTY_PROXY,
    NO_PROXY: new URL(registry).hostname,
    no_proxy: new URL(registry).hostname,
    npm_config_https_proxy: EMPTY_PROXY,
    npm_config_proxy: EMPTY_PROXY,
    npm_config_noproxy: new URL(registry).hostname,
  };
  const sh = (line: string, input = ''): Shell => {
    const r = spawnSync('sh', ['-c', line], { cwd: root, env, input, encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const installed = path.join(prefix, 'lib', 'node_modules', pkg.name);
  try {
    // The README's lines as written; the package name becomes this tarball (it is not published from here).
    const ran = new Set<string>();
    const outputs = new Map<string, Shell>();
    for (const line of [...readme.get('Terminal')!, ...readme.get('Agent only (Claude Code, Codex)')!]) {
      if (ran.has(line)) continue;
      ran.add(line);
      const concrete = line
        .replace(`npm install -g ./${pkg.name}-${pkg.version}.tgz`, `npm install -g '${tarball}'`)
        .replace('your-repo', `'${repo}'`)
        .replace(/\bNAME\b/, 'concatMap');
      const started = Date.now();
      // scry setup asks before editing ~/.claude/settings.json; the user says yes.
      const r = sh(concrete, line === 'scry setup' ? 'y\n' : '');
      log(
        `Node ${node.major}: ${concrete.replace(tarball, path.basename(tarball)).replace(repo, '<rxjs>')}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      assert.equal(r.status, 0, `${concrete}\n${r.stdout}\n${r.stderr}`);
      outputs.set(line, r);
    }

    const mb = sizeOf(installed) / 1024 / 1024;
    log(
      `Node ${node.major}: installed size ${mb.toFixed(1)} MB (limit ${INSTALLED_MAX_MB} MB); better-sqlite3's own build ${fs.existsSync(path.join(installed, 'node_modules', 'better-sqlite3', 'build')) ? 'compiled' : 'not made (the shipped per-ABI builds serve)'}`,
    );
    assert.ok(mb <= INSTALLED_MAX_MB, `installed size ${mb.toFixed(1)} MB`);
    const ls = spawnSync('npm', ['ls', '-g', '--all'], { env, encoding: 'utf8' });
    assert.equal(
      ls.status,
      0,
      `npm ls -g is clean:\n${ls.stdout
        .split('\n')
        .filter((l) => /invalid|missing|ERR/.test(l))
        .join('\n')}${ls.stderr}`,
    );
    assert.doesNotMatch(ls.stdout, /typescript@7/, 'no TypeScript 7 beside the 5.x scip-typescript runs');
    const npmOut = outputs.get(`npm install -g ./${pkg.name}-${pkg.version}.tgz`)!;
    assert.doesNotMatch(npmOut.stderr, /EBADENGINE/, 'no engine warnings for the user');
    const warnings = npmOut.stderr.split('\n').filter((l) => /^npm warn/i.test(l));
    log(`Node ${node.major}: npm install -g printed ${warnings.length} warning line(s)${warnings.length ? `: ${warnings.slice(0, 5).join(' | ')}` : ''}`);
    assert.equal(fs.realpathSync(path.join(prefix, 'bin', 'scry')), path.join(installed, 'bin', 'scry'));
    assert.equal(sh('command -v scry').stdout.trim(), path.join(prefix, 'bin', 'scry'));

    // Only runtime dependencies. A dev dependency may still be there when a runtime one needs it
    // (typescript for scip-typescript, @types/node as ts-node's peer under scip-python): say which.
    const tree = installedPackages(installed);
    const neededBy = (name: string): string[] =>
      [...tree.entries()]
        .filter(([, dirs]) =>
          dirs.some((d) => {
            const m = JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
            return [m.dependencies, m.peerDependencies, m.optionalDependencies].some((deps) => deps && name in deps);
          }),
        )
        .map(([n]) => n);
    const devPresent = Object.keys(pkg.devDependencies).filter((d) => tree.has(d));
    const unneeded = devPresent.filter((d) => neededBy(d).length === 0);
    assert.deepEqual(unneeded, [], 'no development tool is installed for its own sake');
    for (const tool of ['esbuild', 'playwright-core', '@vscode/vsce', 'eslint', 'tsx', 'rxjs', 'typescript-eslint', '@bufbuild/buf', '@bufbuild/protoc-gen-es'])
      assert.ok(!tree.has(tool), `${tool} is not installed`);
    assert.ok(neededBy('typescript').includes('@sourcegraph/scip-typescript'));
    log(
      `Node ${node.major}: ${tree.size} packages installed; dev dependencies present only as runtime needs: ${devPresent.map((d) => `${d} (for ${neededBy(d).join(', ')})`).join('; ')}`,
    );

    // The first run.
    const bare = sh('scry');
    assert.equal(bare.status, 0);
    assert.match(bare.stdout, /^scry: a code index and memory for coding agents/);
    for (const first of ['scry index', 'scry refs NAME', 'scry setup']) assert.ok(bare.stdout.split('usage:')[0]!.includes(first), `the intro names ${first}`);

    // The terminal line answered refs from a real index of rxjs.
    const refs = JSON.parse(outputs.get('cd your-repo && scry refs NAME')!.stdout) as QueryResult;
    const def = refs.matches[0]?.occurrences.find((o) => o.is_definition);
    assert.deepEqual(
      [def?.file, def?.line],
      ['src/internal/operators/concatMap.ts', lineOf(path.join(repo, 'src/internal/operators/concatMap.ts'), /export function concatMap</)],
    );
    // From the quick first index (the precise one still building, it says so) it may name fewer: 4 under load.
    if (refs.index.syntactic || refs.index.building) assert.equal(refs.index.status, 'building', JSON.stringify(refs.index));
    else assert.ok(refs.total > 5, `${refs.total} references`);

    // A grammar that ships as a copy of its WASM (Elixir's) loads from the installed package: Jason's sources, indexed and asked.
    const jason = tempDir('install-jason');
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'elixir-jason'), jason, { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: jason });
    const ex = sh(`cd '${jason}' && scry refs Jason.encode --json`);
    assert.equal(ex.status, 0, ex.stderr);
    const exDefs = (JSON.parse(ex.stdout) as QueryResult).matches.flatMap((m) =>
      m.occurrences.filter((o) => o.is_definition).map((o) => `${o.file}:${o.line}`),
    );
    assert.ok(exDefs.includes(`lib/jason.ex:${lineOf(path.join(jason, 'lib', 'jason.ex'), /^  def encode\(input, opts/)}`), exDefs.join(' '));

    // The daemon runs on this Node, from the installed package.
    // The first answer may come from the quick syntactic index while the precise one still builds: ready follows.
    let status = JSON.parse(sh('scry status --json').stdout) as StatusResult;
    for (let i = 0; i < 1200 && !status.repos.some((r) => r.repo === repo && r.effective_status === 'ready'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = JSON.parse(sh('scry status --json').stdout) as StatusResult;
    }
    assert.match(status.daemon.node, new RegExp(`^v${node.major}\\.`));
    assert.ok(
      status.repos.some((r) => r.repo === repo && r.effective_status === 'ready'),
      JSON.stringify(status.repos.map((r) => [r.repo, r.effective_status])),
    );
    // What the MCP tool and another Node must match: the precise index's answer (the first one, syntactic, may name fewer; on a loaded machine it did, 11 of 13).
    const preciseRun = sh(`cd '${repo}' && scry refs concatMap --json`);
    assert.equal(preciseRun.status, 0, preciseRun.stderr);
    const precise = JSON.parse(preciseRun.stdout) as QueryResult;
    assert.ok(!precise.index.syntactic && !precise.index.building, JSON.stringify(precise.index));
    assert.ok(precise.total > 5 && precise.total >= refs.total, `${precise.total} references from the precise index, ${refs.total} first`);

    // An MCP client over stdio, started the way an agent's config would.
    const client = new Client({ name: 'install-test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: path.join(prefix, 'bin', 'scry'), args: ['mcp'], cwd: repo, env: env as Record<string, string>, stderr: 'pipe' }),
    );
    try {
      assert.equal(client.getServerVersion()?.name, 'scry');
      const { tools } = await client.listTools();
      assert.ok(
        tools.some((t) => t.name === 'scry_refs'),
        tools.map((t) => t.name).join(', '),
      );
      // The model reads compact text; the full answer comes on request.
      const compact = await client.callTool({ name: 'scry_refs', arguments: { symbol: 'concatMap' } });
      assert.equal(compact.structuredContent, undefined);
      assert.match((compact.content as Array<{ text: string }>)[0]!.text, /concatMap/);
      const call = await client.callTool({ name: 'scry_refs', arguments: { symbol: 'concatMap', format: 'json' } });
      assert.equal((call.structuredContent as QueryResult).total, precise.total);
    } finally {
      await client.close();
    }

    // The agent line registered the installed scry with Claude Code (a stub that really shakes hands on `mcp list`).
    const registered = stubs.servers('claude').scry;
    assert.deepEqual(registered?.args, [path.join(installed, 'bin', 'scry'), 'mcp']);
    const list = spawnSync(path.join(stubs.bin, 'claude'), ['mcp', 'list'], { env, encoding: 'utf8' });
    assert.match(list.stdout, /^scry: .* - ✓ Connected$/m);

    const pid = status.daemon.pid;
    const stop = sh('scry stop');
    assert.equal(stop.status, 0, stop.stderr);
    assert.equal(isAlive(pid), false, 'scry stop stopped the daemon');

    if (other) {
      // Same install, another Node first on PATH (as after `nvm use` or an upgrade): the daemon loads
      // that ABI's build from dist/native, since node_modules' build is for the Node that installed it.
      const onOther = (line: string): Shell => sh(`PATH='${path.dirname(other.bin)}':"$PATH"; ${line}`);
      const again = onOther(`cd '${repo}' && scry refs concatMap --json`);
      assert.equal(again.status, 0, again.stderr);
      assert.equal((JSON.parse(again.stdout) as QueryResult).total, precise.total);
      // The answer may have come from the index file while the daemon boots: start waits for it.
      const started = onOther('scry start --json');
      assert.equal(started.status, 0, started.stderr);
      const s2 = { daemon: JSON.parse(started.stdout) as DaemonInfo };
      assert.match(s2.daemon.node, new RegExp(`^v${other.major}\\.`));
      assert.ok(
        fs.existsSync(
          path.join(installed, 'dist', 'native', `node-v${spawnSync(other.bin, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout.trim()}`),
        ),
      );
      assert.equal(onOther('scry stop').status, 0);
      assert.equal(isAlive(s2.daemon.pid), false);
    }
  } finally {
    // Cleanup never hides the failure above: a daemon still booting is killed by its pid, the rest removed.
    try {
      const pidFile = path.join(scryHome, 'scryd.pid');
      const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : 0;
      if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(root, { recursive: true, force: true, maxRetries: 10 });
      fs.rmSync(repo, { recursive: true, force: true, maxRetries: 10 });
      fs.rmSync(stubs.bin, { recursive: true, force: true });
      fs.rmSync(stubs.state, { recursive: true, force: true });
    } catch (err) {
      log(`cleanup of ${root}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
