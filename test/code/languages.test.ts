// Languages beyond TypeScript: Python through scip-python on real code
// (Debian's python3-requests), Go through a scip-go downloaded from a local
// HTTP server and verified by SHA-256, and builds where one language fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { create, toBinary } from '@bufbuild/protobuf';
import { findVirtualenv } from '../../daemon/code/indexers/python';
import { detectLanguages, languageById } from '../../daemon/code/languages';
import { IndexSchema } from '../../daemon/code/scip/gen/scip_pb';
import type { ImpactResult, IndexResult, QueryResult, StatusResult, SymbolsResult } from '../../daemon/protocol';
import { lineOf, scry, scryJson, stopDaemon, tempDir, workspaceRepo } from '../helpers';

const REQUESTS = '/usr/lib/python3/dist-packages/requests';

function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
}

describe('Python: scip-python on python3-requests', () => {
  let repo: string;
  let home: string;
  let before_: string[];
  const ask = <T>(...args: string[]): Promise<T> => scryJson<T>([...args, '--repo', repo], { home });

  before(async () => {
    assert.ok(fs.existsSync(REQUESTS), `${REQUESTS} is missing: install python3-requests (listed in .ci/apt-packages)`);
    repo = tempDir('py');
    fs.cpSync(REQUESTS, path.join(repo, 'requests'), { recursive: true, filter: (f) => !f.includes('__pycache__') });
    home = tempDir('py-home');
    before_ = listFiles(repo);
    const r = await scryJson<IndexResult>(['index', repo], { home });
    assert.equal(r.status, 'ready');
    assert.deepEqual(
      r.indexers.map((i) => [i.language, i.status]),
      [['python', 'ok']],
    );
  });
  after(() => stopDaemon(home));

  it('writes nothing into the repository', () => {
    assert.deepEqual(listFiles(repo), before_);
  });

  it('answers callers with calls and their containing functions', async () => {
    const r = await ask<QueryResult>('callers', 'Session#request');
    const get = r.matches.find((m) => m.symbol_id.endsWith('Session#get().'));
    assert.ok(get, r.matches.map((m) => m.symbol_id).join('\n'));
    const line = lineOf(path.join(repo, 'requests/sessions.py'), /return self\.request\("GET", url, \*\*kwargs\)/);
    assert.deepEqual(
      get.occurrences.map((o) => [o.line, o.is_call, o.containing_symbol]),
      [[line, true, 'Session.get']],
    );
    const api = r.matches.find((m) => m.symbol_id.endsWith('`requests.api`/request().'));
    assert.ok(api, 'requests.api.request calls session.request');
  });

  it('finds subclasses, direct and indirect', async () => {
    const names = (await ask<QueryResult>('impls', 'AuthBase')).matches.map((m) => m.display_name);
    assert.ok(names.includes('HTTPBasicAuth') && names.includes('HTTPProxyAuth'), names.join(','));
  });

  it('outlines a module and searches by camel humps and substrings', async () => {
    const outline = await ask<SymbolsResult>('symbols', 'requests/api.py');
    const get = outline.symbols.find((s) => s.display_name === 'get');
    assert.equal(get?.line, lineOf(path.join(repo, 'requests/api.py'), /^def get\(/));
    assert.equal(get?.kind, 'function');
    const hits = await ask<{ results: Array<{ display_name: string }> }>('search', 'HTTPAd');
    assert.equal(hits.results[0]?.display_name, 'HTTPAdapter');
  });

  it('gives the impact of a change with compound names resolved by class', async () => {
    const r = await ask<ImpactResult>('impact', 'HTTPAdapter.send', '--depth', '1');
    assert.equal(r.note, undefined);
    const base = await ask<ImpactResult>('impact', 'BaseAdapter.send', '--depth', '1');
    assert.ok(
      base.implementations.some((i) => i.symbol_id.endsWith('HTTPAdapter#send().')),
      'HTTPAdapter.send overrides BaseAdapter.send',
    );
  });
});

describe('language detection and virtualenvs', () => {
  it('detects languages by marker files and by share of files', () => {
    const repo = tempDir('langs');
    fs.writeFileSync(path.join(repo, 'pyproject.toml'), '[project]\nname = "x"\n');
    for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(repo, `m${i}.py`), 'x = 1\n');
    fs.writeFileSync(path.join(repo, 'tool.js'), 'module.exports = 1;\n');
    fs.writeFileSync(path.join(repo, 'go.mod'), 'module example.com/x\n');
    fs.writeFileSync(path.join(repo, 'main.go'), 'package main\n');
    fs.mkdirSync(path.join(repo, 'node_modules', 'dep'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'node_modules', 'dep', 'index.js'), '');
    // One stray JS file among 20 Python files and no package.json: not a JS project. Go has go.mod.
    assert.deepEqual(
      detectLanguages(repo).map((l) => l.language),
      ['python', 'go'],
    );
    fs.writeFileSync(path.join(repo, 'package.json'), '{}');
    assert.deepEqual(
      detectLanguages(repo).map((l) => l.language),
      ['typescript', 'python', 'go'],
    );
  });

  it("counts a marker in a top-level folder that holds the language's files (a Phoenix app's assets/)", () => {
    const repo = tempDir('subproject');
    fs.writeFileSync(path.join(repo, 'pyproject.toml'), '[project]\nname = "x"\n');
    for (let i = 0; i < 30; i++) fs.writeFileSync(path.join(repo, `m${i}.py`), 'x = 1\n');
    // A package.json in a folder with no JS (docs tooling) makes nothing a JS project.
    fs.mkdirSync(path.join(repo, 'docs'));
    fs.writeFileSync(path.join(repo, 'docs', 'package.json'), '{}');
    fs.mkdirSync(path.join(repo, 'assets', 'js'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'assets', 'js', 'app.js'), 'export const hooks = {};\n');
    assert.deepEqual(
      detectLanguages(repo).map((l) => l.language),
      ['python'],
      'one JS file among 30 Python files, no marker beside it',
    );
    fs.writeFileSync(path.join(repo, 'assets', 'package.json'), '{}');
    const ts = detectLanguages(repo).find((l) => l.language === 'typescript');
    assert.deepEqual(ts, { language: 'typescript', files: 1, marker: 'assets/package.json' });
  });

  it('finds the virtualenv from $VIRTUAL_ENV, .venv or venv', () => {
    const repo = tempDir('venv');
    assert.equal(findVirtualenv(repo, {}), undefined);
    const venv = path.join(repo, 'venv');
    fs.mkdirSync(path.join(venv, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(venv, 'bin', 'python'), '');
    assert.equal(findVirtualenv(repo, {}), venv);
    const dotVenv = path.join(repo, '.venv');
    fs.mkdirSync(path.join(dotVenv, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(dotVenv, 'bin', 'python'), '');
    assert.equal(findVirtualenv(repo, {}), dotVenv);
    const active = tempDir('active-venv');
    fs.mkdirSync(path.join(active, 'bin'));
    fs.writeFileSync(path.join(active, 'bin', 'python'), '');
    assert.equal(findVirtualenv(repo, { VIRTUAL_ENV: active }), active);
  });
});

/** A stand-in scip-go release: a .tar.gz holding a `scip-go` that writes a fixed SCIP index for main.go. */
function fakeScipGoRelease(dir: string): Buffer {
  const scip = create(IndexSchema, {
    metadata: { version: 0, toolInfo: { name: 'scip-go', version: 'test' }, projectRoot: 'file:///' },
    documents: [
      {
        relativePath: 'main.go',
        language: 'go',
        occurrences: [
          { range: [2, 5, 10], symbol: 'scip-go gomod example.com/shop v1 `example.com/shop`/Total().', symbolRoles: 1, enclosingRange: [2, 0, 4, 1] },
          { range: [6, 5, 9], symbol: 'scip-go gomod example.com/shop v1 `example.com/shop`/main().', symbolRoles: 1, enclosingRange: [6, 0, 8, 1] },
          { range: [7, 1, 6], symbol: 'scip-go gomod example.com/shop v1 `example.com/shop`/Total().', symbolRoles: 0 },
        ],
        symbols: [
          { symbol: 'scip-go gomod example.com/shop v1 `example.com/shop`/Total().', displayName: 'Total', kind: 17 },
          { symbol: 'scip-go gomod example.com/shop v1 `example.com/shop`/main().', displayName: 'main', kind: 17 },
        ],
      },
    ],
  });
  const stage = path.join(dir, 'stage');
  fs.mkdirSync(stage, { recursive: true });
  const bytes = Buffer.from(toBinary(IndexSchema, scip)).toString('base64');
  fs.writeFileSync(
    path.join(stage, 'scip-go'),
    `#!/usr/bin/env node
const i = process.argv.indexOf('--output');
require('fs').writeFileSync(process.argv[i + 1], Buffer.from('${bytes}', 'base64'));
`,
    { mode: 0o755 },
  );
  const archive = path.join(dir, 'release.tar.gz');
  assert.equal(spawnSync('tar', ['-czf', archive, '-C', stage, 'scip-go']).status, 0);
  return fs.readFileSync(archive);
}

/** PATH without any scip-go (.ci/run installs the real one): these tests are about the pinned download. */
const PATH_WITHOUT_SCIP_GO = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((d) => !fs.existsSync(path.join(d, 'scip-go')))
  .join(path.delimiter);

describe('Go: scip-go downloaded from a pinned release, verified before use', () => {
  let server: http.Server;
  let base: string;
  let release: Buffer;
  const requests: string[] = [];

  before(async () => {
    release = fakeScipGoRelease(tempDir('release'));
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url?.endsWith('.tar.gz')) res.end(release);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mirror`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  function mixedRepo(): string {
    const repo = tempDir('mixed');
    fs.writeFileSync(path.join(repo, 'go.mod'), 'module example.com/shop\n');
    fs.writeFileSync(path.join(repo, 'main.go'), 'package main\n\nfunc Total() int {\n\treturn 1\n}\n\nfunc main() {\n\tTotal()\n}\n');
    fs.writeFileSync(path.join(repo, 'price.ts'), 'export function price(n: number): number {\n  return n;\n}\nexport const p = price(2);\n');
    return repo;
  }

  it('refuses a download whose SHA-256 does not match the pin: scip-go is missing, Go is indexed syntactically, TypeScript answers', async () => {
    const home = tempDir('go-bad');
    const repo = mixedRepo();
    const env = { SCRY_SCIP_GO_URL: base, PATH: PATH_WITHOUT_SCIP_GO };
    try {
      const r = await scryJson<IndexResult>(['index', repo], { home, env });
      assert.equal(r.status, 'ready');
      const go = r.indexers.filter((i) => i.language === 'go');
      assert.deepEqual(
        go.map((i) => [i.indexer, i.status]),
        [
          ['scip-go', 'missing'],
          ['tree-sitter-go', 'ok'],
        ],
      );
      assert.match(
        go[0]!.error ?? '',
        new RegExp(`refusing to use '${base}/scip-go_[\\d.]+_\\w+\\.tar\\.gz': its SHA-256 is ${createHash('sha256').update(release).digest('hex')}`),
      );
      assert.ok(go[0]!.remedy);
      assert.ok(!fs.existsSync(path.join(home, 'bin', 'scip-go-0.1.26', 'scip-go')), 'nothing unverified is kept');
      const ts = await scryJson<QueryResult>(['refs', 'price', '--repo', repo], { home });
      assert.equal(ts.total, 2);
      assert.deepEqual([ts.index.status, ts.index.partial, ts.index.missing_languages], ['ready', false, []]);
      // Go answers come from tree-sitter, marked so, with callers from its extents.
      const total = await scryJson<QueryResult>(['refs', 'Total', '--repo', repo], { home });
      assert.deepEqual(
        total.matches.flatMap((m) => m.occurrences.map((o) => [o.line, o.is_definition, o.precision])),
        [
          [3, true, 'syntactic'],
          [8, false, 'syntactic'],
        ],
      );
      const callers = await scryJson<QueryResult>(['callers', 'Total', '--repo', repo], { home });
      assert.deepEqual(
        callers.matches.map((m) => m.display_name),
        ['main'],
      );
      const status = await scryJson<StatusResult>(['status', '--repo', repo], { home });
      const s = status.repos[0]!;
      assert.equal(s.effective_status, 'ready');
      assert.deepEqual(s.languages, ['typescript', 'go']);
      assert.deepEqual(
        s.indexers.map((i) => [i.language, i.status]),
        [
          ['typescript', 'ok'],
          ['go', 'missing'],
          ['go', 'ok'],
        ],
      );
      const human = await scry(['refs', 'nothingByThisName', '--repo', repo], { home });
      assert.equal(human.code, 1, 'a name no symbol has exits 1, as grep does when nothing matched');
      assert.ok(Array.isArray((JSON.parse(human.stdout) as QueryResult).suggestions), 'the answer says no symbol has the name');
    } finally {
      await stopDaemon(home);
    }
  });

  it('downloads the pinned archive once, verifies it, and merges Go with TypeScript into one index', async () => {
    const home = tempDir('go-ok');
    const repo = mixedRepo();
    const sha = createHash('sha256').update(release).digest('hex');
    const env = { SCRY_SCIP_GO_URL: base, SCRY_SCIP_GO_SHA256: sha, PATH: PATH_WITHOUT_SCIP_GO };
    try {
      const before = requests.length;
      const r = await scryJson<IndexResult>(['index', repo], { home, env });
      assert.equal(r.status, 'ready', JSON.stringify(r.indexers));
      assert.deepEqual(
        r.indexers.map((i) => [i.language, i.status]),
        [
          ['typescript', 'ok'],
          ['go', 'ok'],
        ],
      );
      assert.equal(requests.length - before, 1);
      assert.ok(fs.existsSync(path.join(home, 'bin', 'scip-go-0.1.26', 'scip-go')));
      const callers = await scryJson<QueryResult>(['callers', 'Total', '--repo', repo], { home });
      assert.deepEqual(
        callers.matches.map((m) => [m.display_name, m.occurrences[0]!.line, m.occurrences[0]!.is_call]),
        [['main', 8, true]],
      );
      const ts = await scryJson<QueryResult>(['callers', 'price', '--repo', repo], { home });
      assert.equal(ts.total, 1);
      await scryJson<IndexResult>(['index', repo, '--force'], { home });
      assert.equal(requests.length - before, 1, 'the verified binary is reused');
    } finally {
      await stopDaemon(home);
    }
  });
});

describe('a language Scry detects but cannot index: Kotlin beside TypeScript', () => {
  it('shows kotlin skipped with its remedy in status, and every answer says the index is partial for want of kotlin', async () => {
    const home = tempDir('kotlin-home');
    const repo = workspaceRepo();
    fs.writeFileSync(path.join(repo, 'settings.gradle.kts'), 'rootProject.name = "shapes"\n');
    fs.mkdirSync(path.join(repo, 'android/src/main/kotlin/shapes'), { recursive: true });
    fs.writeFileSync(
      path.join(repo, 'android/src/main/kotlin/shapes/Area.kt'),
      'package shapes\n\nfun totalArea(shapes: List<Shape>): Double = shapes.sumOf { it.area() }\n',
    );
    try {
      const r = await scryJson<IndexResult>(['index', repo], { home });
      assert.equal(r.status, 'partial');
      assert.deepEqual(
        r.indexers.map((i) => [i.language, i.indexer, i.status]),
        [
          ['typescript', 'scip-typescript', 'ok'],
          ['kotlin', 'none', 'skipped'],
        ],
      );
      const status = (await scryJson<StatusResult>(['status', '--repo', repo], { home })).repos[0]!;
      assert.equal(status.effective_status, 'partial');
      assert.deepEqual(status.languages, ['typescript', 'kotlin']);
      const kotlin = status.indexers.find((i) => i.language === 'kotlin');
      assert.equal(kotlin?.status, 'skipped');
      assert.equal(kotlin.remedy, languageById('kotlin').remedy);
      assert.match(kotlin.remedy ?? '', /scip-java.*scry index --scip/);
      // Found in TypeScript, and still not proof that Kotlin has none.
      const refs = await scryJson<QueryResult>(['refs', 'totalArea', '--repo', repo], { home });
      assert.ok(refs.total > 0);
      assert.ok(
        refs.matches.every((m) => m.occurrences.every((o) => o.file.endsWith('.ts'))),
        'no Kotlin file was read by another indexer',
      );
      assert.deepEqual([refs.index.partial, refs.index.missing_languages], [true, ['kotlin']]);
      for (const ask of [
        ['callers', 'totalArea'],
        ['impact', 'totalArea'],
        ['search', 'total'],
        ['symbols', 'src/main.ts'],
      ]) {
        const answer = await scryJson<{ index: QueryResult['index'] }>([...ask, '--repo', repo], { home });
        assert.deepEqual([answer.index.partial, answer.index.missing_languages], [true, ['kotlin']], ask.join(' '));
      }
      const human = await scry(['refs', 'totalArea', '--repo', repo, '--format', 'human'], { home });
      assert.match(human.stdout, /^warning: the index is partial \(no kotlin\); missing results are not proof of absence$/m);
      const compact = await scry(['refs', 'totalArea', '--repo', repo, '--format', 'compact'], { home });
      assert.match(compact.stdout, /^warning: partial index \(no kotlin\)/m);
      const statusText = await scry(['status', '--repo', repo, '--format', 'human'], { home });
      assert.match(statusText.stdout, /kotlin \(none\): skipped, 0 files: Scry has no indexer for Kotlin: its 1 file is not indexed \(Index it with scip-java/);
    } finally {
      await stopDaemon(home);
    }
  });
});
