// The language registry is the one source of what Scry knows about each
// language: these tables check that detection, the watcher, the overlay, the
// store, the test finder, orphan clean-up and the build all agree with it, for
// every registered language, so a new language is checked without new tests
// beyond its examples below (which the compiler asks for).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { create } from '@bufbuild/protobuf';
import Database from 'better-sqlite3';
import { buildIndex } from '../../../daemon/code/build';
import { indexerOf, isIndexedLanguage, isIndexedSource, isIndexerCommandLine } from '../../../daemon/code/indexers';
import { scipTypescriptArgs } from '../../../daemon/code/indexers/typescript';
import { readerOf } from '../../../daemon/code/readers';
import {
  allGrammars,
  detectLanguages,
  documentLanguageOf,
  grammarOfFile,
  LANGUAGE_IDS,
  languageById,
  languageOfFile,
  SKIP_DIRS,
  type GrammarId,
  type LanguageId,
} from '../../../daemon/code/languages';
import { blankExportMacros } from '../../../daemon/code/readers/cpp';
import { recoverRepoDir } from '../../../daemon/code/live';
import { Overlay } from '../../../daemon/code/overlay';
import { isTestFile } from '../../../daemon/code/languages/tests';
import { IndexSchema } from '../../../daemon/code/scip/gen/scip_pb';
import { languageOf } from '../../../daemon/code/store/ingest';
import { filesOf } from '../../../daemon/code/syntactic/files';
import { RepoIgnore, RepoWatcher, type FileChange } from '../../../daemon/code/watch';
import { isAlive, ROOT, tempDir } from '../../helpers';
import { stubScipGo } from './stub-scip-go';
import { stubScipPhp } from './stub-scip-php';

const rows = LANGUAGE_IDS.flatMap((id) =>
  Object.entries(languageById(id).extensions).map(([ext, e]) => ({
    id,
    ext,
    grammar: e.grammar?.id,
    recorded: e.documentLanguage ?? id,
    read: e.grammar !== undefined || isIndexedLanguage(id),
  })),
);

/** A file in each grammar that defines the function `probe`. */
const PROBES: Record<GrammarId, string> = {
  typescript: 'export function probe(): number {\n  return 1;\n}\n',
  tsx: 'export function probe() {\n  return <div />;\n}\n',
  javascript: 'function probe() {\n  return 1;\n}\n',
  python: 'def probe():\n    return 1\n',
  go: 'package main\n\nfunc probe() int {\n\treturn 1\n}\n',
  php: '<?php\nfunction probe() {\n  return 1;\n}\n',
  java: 'class A {\n  void probe() {}\n}\n',
  ruby: 'def probe\n  1\nend\n',
  rust: 'fn probe() -> i32 {\n    1\n}\n',
  csharp: 'class A {\n  void probe() {}\n}\n',
  c: 'int probe(void) {\n  return 1;\n}\n',
  cpp: 'int probe() {\n  return 1;\n}\n',
  elixir: 'defmodule A do\n  def probe do\n    1\n  end\nend\n',
};

/** What the overlay calls each probe where it is not 'function' (a method of a class, Ruby's def). */
const PROBE_KINDS: Partial<Record<GrammarId, string>> = { java: 'method', csharp: 'method', ruby: 'method' };

/** Paths each language's conventions make tests, and look-alikes that are not. */
const TEST_PATHS: Record<LanguageId, { tests: string[]; sources: string[] }> = {
  typescript: {
    tests: ['src/a.test.ts', 'src/b.spec.tsx', 'lib/c.test.mjs', 'src/__tests__/d.ts', 'e.spec.cjs'],
    sources: ['src/testing.ts', 'src/latest.ts', 'src/spec-parser.js', 'src/contest.tsx'],
  },
  python: {
    tests: ['pkg/test_api.py', 'test_root.py', 'pkg/api_test.py', 'pkg/conftest.py', 'tests/helpers.py'],
    sources: ['pkg/api.py', 'pkg/latest.py', 'pkg/testing.py', 'pkg/contest.py'],
  },
  go: {
    tests: ['pkg/api_test.go', 'main_test.go', 'test/fixture.go'],
    sources: ['pkg/api.go', 'pkg/latest.go', 'pkg/testing.go'],
  },
  php: {
    tests: ['tests/Feature/UserTest.php', 'tests/Unit/helpers.php', 'src/FooTest.php'],
    sources: ['app/Models/User.php', 'app/Testing.php', 'src/Latest.php', 'app/Contest.php'],
  },
  java: { tests: ['src/test/java/a/BTest.java', 'src/main/java/a/CTest.java'], sources: ['src/main/java/a/B.java', 'src/main/java/a/Latest.java'] },
  ruby: { tests: ['spec/a_spec.rb', 'test/test_a.rb', 'lib/a_test.rb'], sources: ['lib/a.rb', 'lib/latest.rb', 'lib/testing.rb'] },
  rust: { tests: ['tests/api.rs', 'src/a_test.rs'], sources: ['src/lib.rs', 'src/latest.rs', 'src/testing.rs'] },
  csharp: { tests: ['A.Tests/UserTests.cs', 'src/UserTest.cs'], sources: ['src/User.cs', 'src/Latest.cs'] },
  c: { tests: ['tests/a.c', 'src/a_test.c', 'src/test_a.c'], sources: ['src/a.c', 'src/latest.h', 'src/testing.c'] },
  cpp: { tests: ['tests/a.cpp', 'src/a_test.cc', 'src/a_unittest.cpp'], sources: ['src/a.cpp', 'src/latest.hpp', 'src/testing.cc'] },
  kotlin: { tests: ['src/test/kotlin/a/BTest.kt', 'app/src/main/kotlin/ATests.kt'], sources: ['src/main/kotlin/a/B.kt', 'src/main/kotlin/Latest.kt'] },
  swift: { tests: ['Tests/AppTests/AppTests.swift', 'Sources/App/ParserTest.swift'], sources: ['Sources/App/App.swift', 'Sources/App/Latest.swift'] },
  scala: { tests: ['src/test/scala/a/BSpec.scala', 'core/src/main/scala/ASuite.scala'], sources: ['src/main/scala/a/B.scala', 'src/main/scala/Latest.scala'] },
  dart: { tests: ['test/widget_test.dart', 'lib/parser_test.dart'], sources: ['lib/main.dart', 'lib/latest.dart', 'lib/testing.dart'] },
  elixir: { tests: ['test/app_test.exs', 'lib/app/parser_test.exs'], sources: ['lib/app.ex', 'lib/app/latest.ex', 'lib/testing.ex'] },
  lua: { tests: ['spec/parser_spec.lua', 'src/parser_test.lua'], sources: ['src/parser.lua', 'src/latest.lua', 'src/testing.lua'] },
};

/** A Composer install as scip-php needs it, and a scip-php that indexes app/Probe.php (PROBES.php). */
const COMPOSER = { 'composer.json': '{ "name": "scry/probe" }\n', 'vendor/autoload.php': '<?php\n', 'vendor/composer/installed.php': '<?php return [];\n' };
const stubPhp = (): string => {
  const symbol = 'scip-php composer scry/probe 1 probe().';
  return stubScipPhp(
    tempDir('stub-php'),
    create(IndexSchema, {
      metadata: { version: 1, toolInfo: { name: 'scip-php', version: 'stub' } },
      documents: [{ relativePath: 'app/Probe.php', language: '19', occurrences: [{ range: [1, 9, 14], symbol, symbolRoles: 1 }], symbols: [{ symbol }] }],
    }),
  );
};
const withStubs = (): NodeJS.ProcessEnv => ({ ...process.env, PATH: [stubScipGo(tempDir('stub')), stubPhp(), process.env.PATH ?? ''].join(path.delimiter) });

const write = (root: string, files: Record<string, string>): void => {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
};

describe('language registry', () => {
  it('registers languages with an indexer or a grammar, and languages it only detects with a remedy, each extension once', () => {
    for (const id of LANGUAGE_IDS) {
      const language = languageById(id);
      assert.equal(language.id, id);
      const reads = indexerOf(id) !== undefined || Object.values(language.extensions).some((e) => e.grammar);
      assert.equal(isIndexedLanguage(id), indexerOf(id) !== undefined || readerOf(id) !== undefined, id);
      // One Scry cannot read says what to do instead; one it reads has no such remedy to show.
      assert.equal(language.remedy !== undefined, !reads, `${id}: ${reads ? 'an indexed language has no remedy' : 'a detected-only language needs a remedy'}`);
    }
    assert.equal(new Set(rows.map((r) => r.ext)).size, rows.length);
    // The registry's ids are a closed union: a language nobody registered does not compile.
    // @ts-expect-error 'klingon' is no LanguageId
    assert.equal(LANGUAGE_IDS.includes('klingon'), false);
  });

  it('maps every extension to one language in detection, the watcher filter, the overlay and the store', () => {
    for (const { id, ext, grammar, recorded, read } of rows) {
      for (const file of [`src/a${ext}`, `src/A${ext.toUpperCase()}`]) {
        assert.equal(languageOfFile(file), id, file);
        assert.equal(isIndexedSource(file), read, file);
        assert.equal(grammarOfFile(file), grammar, file);
        assert.equal(languageOf(file), recorded, file);
        assert.equal(documentLanguageOf(file), recorded, file);
      }
      const repo = tempDir('ext');
      write(repo, { [`src/a${ext}`]: '' });
      assert.deepEqual(
        detectLanguages(repo).map((d) => d.language),
        [id],
        ext,
      );
    }
    for (const file of ['README.md', 'a.txt', 'Makefile', 'a.json']) {
      assert.equal(isIndexedSource(file), false, file);
      assert.equal(languageOf(file), 'unknown', file);
    }
  });

  it('.js is a JavaScript file indexed by scip-typescript, .pyi a Python file, .d.ts not counted', () => {
    const cases = [
      { file: 'lib/a.js', detected: 'typescript', grammar: 'javascript', stored: 'javascript' },
      { file: 'lib/a.jsx', detected: 'typescript', grammar: 'javascript', stored: 'javascript' },
      { file: 'lib/a.tsx', detected: 'typescript', grammar: 'tsx', stored: 'typescript' },
      { file: 'pkg/a.pyi', detected: 'python', grammar: 'python', stored: 'python' },
    ];
    for (const c of cases) {
      assert.deepEqual(
        [languageOfFile(c.file), grammarOfFile(c.file), languageOf(c.file), isIndexedSource(c.file)],
        [c.detected, c.grammar, c.stored, true],
        c.file,
      );
    }
    const repo = tempDir('dts');
    write(repo, { 'types/a.d.ts': '', 'types/b.d.ts': '', 'main.py': '' });
    assert.deepEqual(
      detectLanguages(repo).map((d) => [d.language, d.files]),
      [['python', 1]],
    );
  });

  it('the watcher reports changes to exactly the extensions something reads', async () => {
    const repo = tempDir('watch-ext');
    const seen = new Set<string>();
    const watcher = new RepoWatcher(repo, { onChange: (c: FileChange) => seen.add(c.file), onRootGone: () => undefined });
    try {
      await watcher.ready;
      const expected = rows.filter((r) => r.read).map((r) => `a${r.ext}`);
      const detectedOnly = rows.filter((r) => !r.read).map((r) => `a${r.ext}`);
      assert.ok(detectedOnly.includes('a.kt'), 'a language Scry only detects is in the table');
      write(repo, Object.fromEntries([...expected, ...detectedOnly, 'notes.txt', 'data.json'].map((f) => [f, 'x\n'])));
      const deadline = Date.now() + 10_000;
      while (seen.size < expected.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      assert.deepEqual([...seen].sort(), expected.sort());
    } finally {
      await watcher.close();
    }
  });

  it('the overlay parses each extension with its grammar', async () => {
    const repo = tempDir('overlay-ext');
    const overlay = new Overlay(repo);
    const parsed = rows.filter((r): r is typeof r & { grammar: GrammarId } => r.grammar !== undefined);
    for (const { ext, grammar } of parsed) {
      write(repo, { [`a${ext}`]: PROBES[grammar] });
      await overlay.update(`a${ext}`, false);
    }
    const defs = overlay
      .hits('probe')
      .filter((h) => h.occurrence.is_definition)
      .map((h) => [h.file, h.occurrence.kind]);
    assert.deepEqual(defs, parsed.map((r) => [`a${r.ext}`, PROBE_KINDS[r.grammar] ?? 'function']).sort());
  });

  it('every grammar ships: its WASM is installed and allowed into the VSIX, or copied by the build into dist/grammars/', () => {
    const vscodeignore = fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8').split('\n');
    const build = fs.readFileSync(path.join(ROOT, 'scripts/build.mjs'), 'utf8');
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    for (const { id, wasm } of allGrammars()) {
      const file = path.join(path.dirname(require.resolve(`${wasm.package}/package.json`)), wasm.file);
      assert.ok(fs.existsSync(file), `${id}: ${file}`);
      if (wasm.bundled) {
        assert.ok(build.includes(`{ package: '${wasm.package}', file: '${wasm.file}' }`), `${id}: scripts/build.mjs does not copy ${wasm.file}`);
        assert.ok(vscodeignore.includes('!dist/grammars/*.wasm'), `${id}: .vscodeignore lacks dist/grammars/`);
        assert.ok(
          pkg.devDependencies[wasm.package] !== undefined && pkg.dependencies[wasm.package] === undefined,
          `${id}: ${wasm.package} should be a devDependency only`,
        );
      } else {
        assert.ok(vscodeignore.includes(`!node_modules/${wasm.package}/${wasm.file}`), `${id}: .vscodeignore lacks ${wasm.file}`);
      }
    }
  });
});

describe('claimed extensions: C++ headers', () => {
  const C_HEADER = '#ifndef B_H\n#define B_H\nstruct point { int x; };\nint area(struct point *p);\n#endif\n';
  const CPP_HEADER = '#pragma once\nnamespace shapes {\nclass Widget {\n public:\n  int area() const;\n};\n}\n';
  const sorted = (repo: string, language: LanguageId): string[] => filesOf(repo, language);

  it('a .h is C++ in a C++ project, or when its own text is C++; otherwise C', () => {
    const mixed = tempDir('claim-text');
    write(mixed, { 'a.c': 'int area(struct point *p) { return p->x; }\n', 'b.h': C_HEADER, 'w.h': CPP_HEADER });
    assert.deepEqual([sorted(mixed, 'c'), sorted(mixed, 'cpp')], [['a.c', 'b.h'], ['w.h']]);
    assert.deepEqual(
      detectLanguages(mixed).map((d) => [d.language, d.files]),
      [
        ['c', 2],
        ['cpp', 1],
      ],
    );

    const project = tempDir('claim-project');
    write(project, { 'src/main.cpp': 'int main() { return 0; }\n', 'include/b.h': C_HEADER, 'include/w.h': CPP_HEADER });
    assert.deepEqual([sorted(project, 'c'), sorted(project, 'cpp')], [[], ['include/b.h', 'include/w.h', 'src/main.cpp']]);

    for (const [cmake, owner] of [
      ['project(geo LANGUAGES C)\n', 'c'],
      ['project(geo)\n', 'c'],
      ['project(geo LANGUAGES C CXX)\n', 'cpp'],
      ['cmake_minimum_required(VERSION 3.16)\nproject(geo)\nset(CMAKE_CXX_STANDARD 17)\n', 'cpp'],
    ] as const) {
      const repo = tempDir('claim-cmake');
      write(repo, { 'CMakeLists.txt': cmake, 'geo.c': 'int f(void) { return 1; }\n', 'geo.h': C_HEADER });
      assert.deepEqual(sorted(repo, owner), owner === 'c' ? ['geo.c', 'geo.h'] : ['geo.h'], cmake);
    }
  });

  it('the build indexes a claimed header with the C++ grammar, and the overlay parses it so too', async () => {
    const repo = tempDir('claim-build');
    write(repo, { 'a.c': 'int area(struct point *p) { return p->x; }\n', 'b.h': C_HEADER, 'w.h': CPP_HEADER });
    const outcome = await buildIndex({ repo, workDir: tempDir('claim-work'), nodePath: process.execPath, home: tempDir('claim-home') });
    assert.deepEqual(
      outcome.indexers.map((r) => [r.language, r.indexer, r.status, r.file_count]),
      [
        ['c', 'tree-sitter-c', 'ok', 2],
        ['cpp', 'tree-sitter-cpp', 'ok', 1],
      ],
    );
    const db = new Database(outcome.nextPath, { readonly: true });
    const docs = db.prepare('SELECT path, language FROM documents ORDER BY path').all();
    const widget = db.prepare("SELECT kind FROM symbols WHERE name = 'Widget'").all();
    db.close();
    assert.deepEqual(docs, [
      { path: 'a.c', language: 'c' },
      { path: 'b.h', language: 'c' },
      { path: 'w.h', language: 'cpp' },
    ]);
    assert.deepEqual(widget, [{ kind: 'class' }]);
    const overlay = new Overlay(repo);
    await overlay.update('w.h', false);
    assert.deepEqual(
      overlay.hits('Widget').map((h) => [h.file, h.occurrence.is_definition, h.occurrence.kind]),
      [['w.h', true, 'class']],
    );
  });

  it('an export macro between class and name is blanked for the parse, keeping every column', () => {
    const text = 'class GTEST_API_ Test {\n struct LLVM_LIBRARY_VISIBILITY Pass : Base {};\n};\nstruct FOO bar;\nclass Q_DECL_EXPORT QObject final {\n';
    const blanked = blankExportMacros(text);
    assert.equal(blanked.length, text.length);
    const blank = (macro: string): string => ' '.repeat(macro.length);
    assert.deepEqual(blanked.split('\n'), [
      `class ${blank('GTEST_API_')} Test {`,
      ` struct ${blank('LLVM_LIBRARY_VISIBILITY')} Pass : Base {};`,
      '};',
      'struct FOO bar;',
      `class ${blank('Q_DECL_EXPORT')} QObject final {`,
      '',
    ]);
  });
});

describe('skipped folders', () => {
  it('are skipped alike by detection, the watcher and the inferred tsconfig', () => {
    const workDir = tempDir('skip-work');
    for (const dir of SKIP_DIRS) {
      const repo = tempDir('skip');
      write(repo, Object.fromEntries(rows.map((r) => [`${dir}/pkg/a${r.ext}`, ''])));
      assert.deepEqual(detectLanguages(repo), [], dir);
      const ignore = new RepoIgnore(repo);
      assert.equal(ignore.ignores(path.join(repo, dir), true), true, dir);
      assert.equal(ignore.ignores(path.join(repo, 'src', dir, 'a.ts'), false), true, dir);
    }
    const repo = tempDir('skip-ts');
    write(repo, { 'src/a.ts': '' });
    const ignore = new RepoIgnore(repo);
    assert.equal(ignore.ignores(path.join(repo, 'src', 'a.ts'), false), false);
    assert.deepEqual(
      detectLanguages(repo).map((d) => d.language),
      ['typescript'],
    );
    const args = scipTypescriptArgs(repo, path.join(workDir, 'out.scip'), workDir);
    const inferred = JSON.parse(fs.readFileSync(args.at(-1)!, 'utf8')) as { exclude: string[] };
    assert.deepEqual(
      inferred.exclude,
      [...SKIP_DIRS].map((d) => path.join(repo, '**', d)),
    );
  });
});

describe('test finder', () => {
  for (const id of LANGUAGE_IDS) {
    it(`knows ${id}'s test conventions`, () => {
      const { tests, sources } = TEST_PATHS[id];
      for (const file of tests) assert.equal(isTestFile(file), true, file);
      for (const file of sources) assert.equal(isTestFile(file), false, file);
      for (const file of tests) assert.equal(languageOfFile(file), id, `${file} is a ${id} file`);
    });
  }
});

describe('indexers', () => {
  /** Each registered indexer's plan for a repo that has what each needs (Composer's vendor/), with stub scip-go and scip-php on PATH. */
  async function plans(): Promise<Array<{ id: LanguageId; name: string; command: string; args: string[]; language: string; indexer: string }>> {
    const repo = tempDir('plan');
    write(repo, COMPOSER);
    const home = tempDir('plan-home');
    const env = withStubs();
    const out = [];
    for (const id of LANGUAGE_IDS) {
      const indexer = indexerOf(id);
      if (!indexer) continue;
      const workDir = tempDir(`plan-${id}`);
      const prepared = await indexer.prepare({ repo, workDir, home, nodePath: process.execPath, env });
      assert.ok('plan' in prepared, `${id}: ${JSON.stringify(prepared)}`);
      out.push({ id, name: indexer.name, ...prepared.plan });
    }
    return out;
  }

  it("each language's indexer plans its own run, under its own name", async () => {
    for (const p of await plans()) assert.deepEqual([p.language, p.indexer], [p.id, p.name]);
  });

  it('the orphan check recognizes every registered indexer, and nothing else', async () => {
    for (const p of await plans()) assert.equal(isIndexerCommandLine([p.command, ...p.args].join('\0')), true, p.id);
    assert.equal(isIndexerCommandLine(['node', '/srv/app/server.js', '--port', '8080'].join('\0')), false);
  });

  it(
    'a restarted daemon kills an orphaned indexer of every language, and leaves other processes alone',
    { skip: process.platform !== 'linux' && 'reads /proc' },
    async () => {
      const children: ChildProcess[] = [];
      const sleeper = (extra: string[]): ChildProcess => {
        const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...extra], { stdio: 'ignore' });
        children.push(child);
        return child;
      };
      const bystander = sleeper(['/srv/app/server.js']);
      try {
        for (const p of [...(await plans()).map((x) => ({ id: x.id, argv: [x.command, ...x.args] })), { id: 'bystander', argv: [] }]) {
          const child = p.id === 'bystander' ? bystander : sleeper(p.argv);
          const dir = tempDir(`orphan-${p.id}`);
          fs.writeFileSync(path.join(dir, 'indexer.pid'), String(child.pid));
          recoverRepoDir(dir, () => undefined);
          if (p.id === 'bystander') {
            assert.equal(isAlive(child.pid!), true, 'a process that is no indexer is left alone');
            continue;
          }
          const deadline = Date.now() + 5000;
          while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          assert.equal(child.signalCode, 'SIGKILL', `${p.id}'s orphaned indexer was killed`);
        }
      } finally {
        for (const child of children) child.kill('SIGKILL');
      }
    },
  );

  it('the build runs exactly the indexers of the detected languages, each its own', async () => {
    const env = withStubs();
    const recorded = new Map<string, string>();
    const build = async (files: Record<string, string>): Promise<Array<[string, string, string]>> => {
      const repo = tempDir('build');
      write(repo, files);
      const outcome = await buildIndex({ repo, workDir: tempDir('build-work'), nodePath: process.execPath, home: tempDir('build-home'), env });
      const db = new Database(outcome.nextPath, { readonly: true });
      for (const row of db.prepare('SELECT path, language FROM documents').all() as Array<{ path: string; language: string }>)
        recorded.set(row.path, row.language);
      db.close();
      return outcome.indexers.map((r) => [r.language, r.indexer, r.status]);
    };
    const all = await build({
      'price.ts': 'export const price = (n: number): number => n;\n',
      'tool.js': 'exports.tool = () => 1;\n',
      'shop.py': 'def total():\n    return 1\n',
      'go.mod': 'module example.com/shop\n',
      'main.go': PROBES.go,
      ...COMPOSER,
      'app/Probe.php': PROBES.php,
    });
    const expected = LANGUAGE_IDS.flatMap((id) => {
      const indexer = indexerOf(id);
      return indexer ? [[id, indexer.name, 'ok']] : [];
    });
    assert.deepEqual(all, expected);
    // What the store records agrees with the registry, whichever indexer wrote the document.
    assert.deepEqual(Object.fromEntries(recorded), {
      'price.ts': 'typescript',
      'tool.js': 'javascript',
      'shop.py': 'python',
      'main.go': 'go',
      'app/Probe.php': 'php',
    });
    assert.deepEqual(await build({ 'go.mod': 'module example.com/shop\n', 'main.go': PROBES.go }), [['go', 'scip-go', 'ok']]);
    assert.deepEqual(await build({ 'README.md': 'nothing to index\n' }), [['none', 'none', 'skipped']]);
  });

  it('sends a language it only detects to no indexer: each such language is skipped, under its own name, with its remedy', async () => {
    const only = LANGUAGE_IDS.filter((l) => !isIndexedLanguage(l));
    const repo = tempDir('only');
    write(repo, { 'tsconfig.json': '{ "include": ["*.ts"] }\n', 'price.ts': 'export const price = (n: number): number => n;\n' });
    for (const id of only) {
      const ext = Object.keys(languageById(id).extensions)[0]!;
      write(repo, { [`${id}/main${ext}`]: 'main\n', [`${id}/util${ext}`]: 'util\n' });
    }
    const outcome = await buildIndex({ repo, workDir: tempDir('only-work'), nodePath: process.execPath, home: tempDir('only-home') });
    assert.deepEqual(
      outcome.indexers.map((r) => [r.language, r.indexer, r.status]),
      [['typescript', 'scip-typescript', 'ok'], ...only.map((id) => [id, 'none', 'skipped'])],
    );
    outcome.indexers.slice(1).forEach((report, i) => {
      const language = languageById(only[i]!);
      assert.equal(report.remedy, language.remedy, report.language);
      assert.match(report.error ?? '', new RegExp(`no indexer for ${language.displayName}: its 2 files are not indexed`), report.language);
    });
    const db = new Database(outcome.nextPath, { readonly: true });
    const docs = db.prepare('SELECT path FROM documents').all() as Array<{ path: string }>;
    const status = (db.prepare("SELECT value FROM meta WHERE key = 'status'").get() as { value: string }).value;
    db.close();
    assert.deepEqual(
      docs.map((d) => d.path),
      ['price.ts'],
      'no other indexer read their files',
    );
    assert.equal(status, 'partial');
  });
});
