// The syntactic indexer on real code of each language, nobody's here:
// Ruby (Debian's ruby-rack, ruby-sinatra), Rust (librust-clap-dev,
// librust-regex-dev), Java (openjdk-17-source, java.util), C# (npm's
// edge-cs), C (v4l2loopback-dkms's driver) and C++ (better-sqlite3's
// addon). Expected places are found by text search, not by the indexer.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { buildIndex } from '../../../daemon/code/build';
import { callers } from '../../../daemon/code/query/callers';
import { impls } from '../../../daemon/code/query/impls';
import { refs } from '../../../daemon/code/query/refs';
import { CodeStore } from '../../../daemon/code/store/store';
import { lineOf, tempDir } from '../../helpers';
import { debianSources, npmPackage, unzipped, type Fetched } from './sources';

async function indexed(repo: string, language: string): Promise<CodeStore> {
  const work = tempDir(`${language}-work`);
  const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: tempDir(`${language}-home`) });
  const report = out.indexers.find((r) => r.language === language);
  assert.equal(report?.status, 'ok', JSON.stringify(out.indexers));
  assert.equal(report.indexer, `tree-sitter-${language === 'csharp' ? 'c-sharp' : language}`);
  fs.renameSync(out.nextPath, path.join(work, 'index.db'));
  return new CodeStore(path.join(work, 'index.db'));
}

const rootOf = (f: Fetched): string => ('root' in f ? f.root : '');
const skipOf = (what: string, f: Fetched): string | false => {
  if (!('skip' in f)) return false;
  console.log(`# skipping ${what}: ${f.skip}`);
  return f.skip;
};
const defsAt = (store: CodeStore, name: string): string[] =>
  refs(store, name, { definitionsOnly: true })
    .matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}`))
    .sort();
const implNames = (store: CodeStore, name: string): string[] => impls(store, name).matches.map((m) => m.symbol_id.split(' ').pop()!);
const callerNames = (store: CodeStore, name: string): string[] => callers(store, name).matches.map((m) => m.display_name);

const gems = debianSources(['ruby-rack', 'ruby-sinatra'], 'usr/share/rubygems-integration/all/gems');
describe('Ruby: rack and sinatra', { skip: skipOf('Ruby', gems) }, () => {
  const root = rootOf(gems);
  const rack = fs.readdirSync(root || '.').find((d) => d.startsWith('rack-')) ?? '';
  it('classes in modules, include as implementation, bare and self calls resolved in the class and its mixins', async () => {
    const store = await indexed(root, 'ruby');
    const request = `${rack}/lib/rack/request.rb`;
    assert.ok(defsAt(store, 'Rack::Request').includes(`${request}:${lineOf(path.join(root, request), /^  class Request$/)}`));
    const helpers = implNames(store, 'Rack::Request::Helpers');
    assert.ok(helpers.includes('Rack#Request#'), helpers.join('\n'));
    const adders = callerNames(store, 'Env::get_header');
    assert.ok(adders.includes('add_header'), adders.join(', '));
    const sinatra = implNames(store, 'Sinatra::Base');
    assert.ok(sinatra.includes('Sinatra#Application#'), sinatra.join('\n'));
  });
});

const crates = debianSources(['librust-clap-dev', 'librust-regex-dev'], 'usr/share/cargo/registry');
describe('Rust: clap and regex', { skip: skipOf('Rust', crates) }, () => {
  const root = rootOf(crates);
  it('impl Trait for Type is an implementation, methods of impl blocks belong to the type, self calls resolve', async () => {
    const store = await indexed(root, 'rust');
    const clap = fs.readdirSync(root).find((d) => d.startsWith('clap-'))!;
    const regex = fs.readdirSync(root).find((d) => d.startsWith('regex-'))!;
    const parsers = implNames(store, 'TypedValueParser');
    assert.ok(
      parsers.some((k) => k.endsWith('/builder/value_parser/BoolValueParser#')),
      parsers.join('\n'),
    );
    const parseRef = implNames(store, 'TypedValueParser::parse_ref');
    assert.ok(
      parseRef.some((k) => k.endsWith('/BoolValueParser#parse_ref().')),
      parseRef.join('\n'),
    );
    assert.ok(callerNames(store, 'Command::get_name').includes('aliases_to'));
    const defs = defsAt(store, 'Regex');
    for (const file of [`${regex}/src/re_bytes.rs`, `${regex}/src/re_unicode.rs`]) {
      assert.ok(defs.includes(`${file}:${lineOf(path.join(root, file), /^pub struct Regex\b/)}`), defs.join('\n'));
    }
    assert.ok(clap);
  });
});

const jdk = debianSources(['openjdk-17-source'], 'usr/lib/jvm/openjdk-17/lib');
const javaUtil: Fetched = 'root' in jdk ? unzipped(path.join(jdk.root, 'src.zip'), 'java.base/java/util/*', 'java-util') : jdk;
describe('Java: java.util from openjdk-17-source', { skip: skipOf('Java', javaUtil) }, () => {
  it('extends and implements (transitively), this-less calls in the class, overriding methods', async () => {
    const root = path.join(rootOf(javaUtil), 'java.base');
    const store = await indexed(root, 'java');
    const lists = implNames(store, 'List');
    for (const k of ['java/util/ArrayList#', 'java/util/LinkedList#', 'java/util/AbstractList#']) assert.ok(lists.includes(k), k);
    assert.ok(callerNames(store, 'ArrayList::grow').includes('ensureCapacity'));
    const file = 'java/util/ArrayList.java';
    assert.ok(defsAt(store, 'ArrayList::add').includes(`${file}:${lineOf(path.join(root, file), /public boolean add\(E e\) \{/)}`));
    assert.ok(implNames(store, 'Collection::size').includes('java/util/AbstractCollection#size().'));
  });
});

const edge = npmPackage('edge-cs@1.2.1');
describe('C#: edge-cs', { skip: skipOf('C#', edge) }, () => {
  it('classes, methods and calls through this and bare names', async () => {
    const root = path.join(rootOf(edge), 'src/edge-cs');
    const store = await indexed(root, 'csharp');
    const file = 'EdgeCompiler.cs';
    // The class and its static constructor.
    assert.deepEqual(defsAt(store, 'EdgeCompiler'), [
      `${file}:${lineOf(path.join(root, file), /^public class EdgeCompiler/)}`,
      `${file}:${lineOf(path.join(root, file), /static EdgeCompiler\(\)/)}`,
    ]);
    const sites = refs(store, 'EdgeCompiler::TryCompile').matches.flatMap((m) =>
      m.occurrences.filter((o) => o.is_call).map((o) => [o.line, o.containing_symbol]),
    );
    assert.deepEqual(sites, [
      [lineOf(path.join(root, file), /this\.TryCompile\(/), 'EdgeCompiler.CompileFunc'],
      [lineOf(path.join(root, file), /!TryCompile\(source/), 'EdgeCompiler.CompileFunc'],
    ]);
  });
});

const v4l2 = debianSources(['v4l2loopback-dkms'], 'usr/src');
describe('C: the v4l2loopback driver', { skip: skipOf('C', v4l2) }, () => {
  it('a prototype and its definition are one function; calls bind to it; structs are definitions', async () => {
    const root = rootOf(v4l2);
    const store = await indexed(root, 'c');
    const dir = fs.readdirSync(root).find((d) => d.startsWith('v4l2loopback-'))!;
    const file = `${dir}/v4l2loopback.c`;
    const abs = path.join(root, file);
    assert.deepEqual(
      defsAt(store, 'allocate_buffers'),
      [
        `${file}:${lineOf(abs, /^static int allocate_buffers\(struct v4l2_loopback_device \*dev\);/)}`,
        `${file}:${lineOf(abs, /^static int allocate_buffers\(struct v4l2_loopback_device \*dev\)$/)}`,
      ].sort(),
    );
    const text = fs.readFileSync(abs, 'utf8');
    const calls = refs(store, 'allocate_buffers').matches.flatMap((m) => m.occurrences.filter((o) => o.is_call));
    assert.equal(calls.length, (text.match(/allocate_buffers\(dev\)/g) ?? []).length);
    assert.deepEqual(defsAt(store, 'v4l2_loopback_device'), [`${file}:${lineOf(abs, /^struct v4l2_loopback_device \{/)}`]);
  });
});

const gtest = debianSources(['googletest'], 'usr/src/googletest');
describe("C++ headers: googletest's .h files", { skip: skipOf('googletest', gtest) }, () => {
  it('in a C++ project a .h is C++: its classes are classes, with their methods, bases and overrides', async () => {
    const root = rootOf(gtest);
    const store = await indexed(root, 'cpp');
    const header = 'googletest/include/gtest/gtest.h';
    const abs = path.join(root, header);
    const listener = refs(store, 'TestEventListener', { definitionsOnly: true }).matches;
    assert.deepEqual(
      listener.map((m) => [m.kind, m.occurrences.map((o) => `${o.file}:${o.line}`)]),
      [['class', [`${header}:${lineOf(abs, /^class TestEventListener \{$/)}`]]],
    );
    assert.deepEqual(defsAt(store, 'TestEventListener::OnTestStart'), [
      `${header}:${lineOf(abs, /virtual void OnTestStart\(const TestInfo& test_info\) = 0;/)}`,
    ]);
    assert.equal(refs(store, 'TestEventListener::OnTestStart', { definitionsOnly: true }).matches[0]?.kind, 'method');
    // A base declared in a header, subclassed in a header and in a .cc.
    const subclasses = implNames(store, 'TestEventListener');
    for (const k of ['testing/EmptyTestEventListener#', 'testing/internal/XmlUnitTestResultPrinter#']) assert.ok(subclasses.includes(k), subclasses.join('\n'));
    assert.ok(implNames(store, 'TestEventListener::OnTestStart').includes('testing/EmptyTestEventListener#OnTestStart().'));
    const db = new Database(store.file, { readonly: true });
    const languages = db.prepare("SELECT language, COUNT(*) AS n FROM documents WHERE path LIKE '%.h' GROUP BY language").all();
    db.close();
    assert.deepEqual(languages, [{ language: 'cpp', n: fs.readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.h')).length }]);
  });
});

describe("C++: better-sqlite3's addon", () => {
  it('classes, bases outside the index, out-of-line methods, calls through typed pointers', async () => {
    const root = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'src');
    const store = await indexed(root, 'cpp');
    const wrapped = implNames(store, 'ObjectWrap');
    for (const k of ['Database#', 'Statement#', 'Backup#']) assert.ok(wrapped.includes(k), wrapped.join('\n'));
    const closers = callerNames(store, 'Database::CloseHandles');
    assert.ok(closers.includes('~Database'), closers.join(', '));
  });
});
