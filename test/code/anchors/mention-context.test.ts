// Resolving a session's mention against a real index (ajv's own TypeScript,
// indexed by scip-typescript through a real daemon), with and without what
// else the session named: a name defined in two files is the one in a file the
// session named; so is a local of that file; a test's copy yields to the
// code; a bare field name anchors only in a file the session named; a path
// written from another checkout finds the one tracked file ending the same
// way, even one the index leaves out (JSON). Nothing else is guessed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AnchorResolver } from '../../../daemon/code/anchors';
import { CodeStore } from '../../../daemon/code/store/store';
import { anchorsOf } from '../../../daemon/memory/anchors';
import type { CodeLookup, MentionContext } from '../../../daemon/protocol/anchors';
import { repoDir } from '../../../daemon/paths';
import { ajvRepo, scryJson, stopDaemon, tempDir } from '../../helpers';

const ENV = { SCRY_FIRST_INDEX: '0', SCRY_MEMORY_SWEEP: '0' };

describe('mentions resolved in the context of what the session named (ajv, scip-typescript)', () => {
  let home: string;
  let repo: string;
  let store: CodeStore;
  const resolver = new AnchorResolver();
  const at = (m: string, context?: MentionContext): string => {
    const r = resolver.resolve(store, repo, m, context);
    return r.found ? `${r.found.file}:${r.found.line}` : `(${r.reason})`;
  };
  const ctx = (...files: string[]): MentionContext => ({ files });
  const lineOf = (file: string, needle: string): number =>
    fs
      .readFileSync(path.join(repo, file), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(needle)) + 1;

  before(async () => {
    repo = fs.realpathSync(ajvRepo());
    // A test that keeps its own copy of a helper (as agentcmd's NavUser.test.tsx does of getInitials).
    const util = fs.readFileSync(path.join(repo, 'lib/compile/util.ts'), 'utf8');
    const toHash = util.slice(util.indexOf('export function toHash'), util.indexOf('\n}\n', util.indexOf('export function toHash')) + 3);
    fs.writeFileSync(path.join(repo, 'lib/compile/util.test.ts'), `// a local copy of the helper under test\n${toHash}\nexport const hashed = toHash(["a"])\n`);
    spawnSync('git', ['add', '-A'], { cwd: repo });
    home = tempDir('mention-context');
    await scryJson(['index', repo], { home, env: ENV });
    await stopDaemon(home);
    store = new CodeStore(path.join(repoDir(home, repo), 'index.db'));
  });
  after(() => {
    store?.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('a name with two definitions: ambiguous alone, the one in a file the session named', () => {
    assert.equal(at('typeError'), '(ambiguous)');
    assert.equal(
      at('typeError', ctx('lib/vocabularies/jtd/error.ts')),
      `lib/vocabularies/jtd/error.ts:${lineOf('lib/vocabularies/jtd/error.ts', 'export function typeError')}`,
    );
    assert.equal(
      at('typeError', ctx('lib/compile/validate/dataType.ts')),
      `lib/compile/validate/dataType.ts:${lineOf('lib/compile/validate/dataType.ts', 'typeError')}`,
    );
    // Both named: still two, still text.
    assert.equal(at('typeError', ctx('lib/vocabularies/jtd/error.ts', 'lib/compile/validate/dataType.ts')), '(ambiguous)');
  });

  it('a local: text alone, anchored when it is the only one of that name in a file the session named', () => {
    assert.equal(at('callValidate'), '(local)');
    assert.equal(
      at('callValidate', ctx('lib/vocabularies/jtd/ref.ts')),
      `lib/vocabularies/jtd/ref.ts:${lineOf('lib/vocabularies/jtd/ref.ts', 'function callValidate')}`,
    );
    assert.equal(at('callValidate', ctx('lib/core.ts')), '(local)');
  });

  it("a test's copy of a function yields to the code's own", () => {
    assert.equal(at('toHash'), `lib/compile/util.ts:${lineOf('lib/compile/util.ts', 'export function toHash')}`);
  });

  it('a bare field anchors only in a file the session named; its qualified name anywhere', () => {
    const line = `lib/core.ts:${lineOf('lib/core.ts', 'strictNumbers?:')}`;
    assert.equal(at('strictNumbers'), line, 'without context (why NAME), as before');
    assert.equal(at('strictNumbers', ctx('lib/compile/util.ts')), '(member)');
    assert.equal(at('strictNumbers', ctx('lib/core.ts')), line);
    assert.equal(at('CurrentOptions.strictNumbers', ctx()), line);
  });

  it('a path from another checkout: the one tracked file ending the same way, indexed or not; two such files stay text', async () => {
    // git's tracked files are read ahead, off the event loop, as the anchoring pass does before it resolves.
    assert.equal(at('packages/ajv/refs/data.json'), '(unknown)', 'resolving reads no git itself');
    await resolver.prepare(store, repo, []);
    assert.equal(at('packages/ajv/refs/data.json'), 'lib/refs/data.json:1');
    assert.equal(at('elsewhere/meta/core.json'), '(unknown)');
    assert.equal(at('elsewhere/json-schema-2020-12/meta/core.json'), 'lib/refs/json-schema-2020-12/meta/core.json:1');
  });

  it('@path, as a Claude Code prompt names a file, is that file; an @ before a bare name is not a path', () => {
    assert.equal(at('@lib/compile/util.ts'), 'lib/compile/util.ts:1');
    assert.equal(at('@package.json'), 'package.json:1');
    assert.equal(at('@toHash'), '(unknown)');
  });

  it('file.ts:123 is the definition around that line; outside every definition, the file at that line', () => {
    const util = 'lib/compile/util.ts';
    const def = lineOf(util, 'export function toHash');
    assert.equal(at(`${util}:${def + 1}`), `${util}:${def}`);
    const r = resolver.resolve(store, repo, `${util}:${def + 1}`);
    assert.equal(r.found?.kind === 'symbol' ? r.found.name : r.found?.kind, 'toHash');
    // Line 1 is an import: no definition holds it.
    assert.equal(at(`${util}:1`), `${util}:1`);
    assert.equal(resolver.resolve(store, repo, `${util}:1`).found?.kind, 'file');
  });

  it("anchorsOf reads an episode twice: the files it names are the context of its names (and the session's earlier files too)", async () => {
    const lookup: CodeLookup = { indexed: () => true, resolve: (_r, m, c) => resolver.resolve(store, repo, m, c), current: () => 'no-index' };
    const anchored = async (text: string, files: string[] = []): Promise<Record<string, string>> =>
      Object.fromEntries((await anchorsOf(lookup, { repo, text }, files)).map((d) => [d.mention, d.kind ? `${d.file}:${d.line}` : `(${d.reason})`]));
    const text = 'In lib/vocabularies/jtd/ref.ts, `callValidate` compiles the ref; `typeError` and `strictNumbers` are elsewhere.';
    const a = await anchored(text);
    assert.equal(a['callValidate'], `lib/vocabularies/jtd/ref.ts:${lineOf('lib/vocabularies/jtd/ref.ts', 'function callValidate')}`);
    assert.equal(a['typeError'], '(ambiguous)');
    assert.equal(a['strictNumbers'], '(member)');
    const b = await anchored(text, ['lib/vocabularies/jtd/error.ts', 'lib/core.ts']);
    assert.equal(b['typeError'], `lib/vocabularies/jtd/error.ts:${lineOf('lib/vocabularies/jtd/error.ts', 'export function typeError')}`);
    assert.equal(b['strictNumbers'], `lib/core.ts:${lineOf('lib/core.ts', 'strictNumbers?:')}`);
  });

  it("a root file written in another checkout is the repo's when the episode's deeper paths show that checkout's root", async () => {
    const lookup: CodeLookup = {
      indexed: () => true,
      resolve: (_r, m, c) => resolver.resolve(store, repo, m, c),
      current: () => 'no-index',
      readAhead: (_r, m) => resolver.prepare(store, repo, m),
    };
    const anchored = async (text: string): Promise<Record<string, string>> =>
      Object.fromEntries((await anchorsOf(lookup, { repo, text })).map((d) => [d.mention, d.kind ? `${d.file}:${d.line}` : `(${d.reason})`]));
    // Alone, a root file of another checkout keeps its folder (`ajv-wt/package.json`): no file of the repo is that.
    const alone = await anchored('Bumped /home/u/wt/ajv-wt/package.json and /home/u/wt/ajv-wt/tsconfig.json.');
    assert.equal(alone['/home/u/wt/ajv-wt/package.json'], '(unknown)');
    // With /home/u/wt/ajv-wt/lib/core.ts in the episode, /home/u/wt/ajv-wt is a checkout's root: its package.json is the repo's.
    const shown = await anchored(
      'Edited /home/u/wt/ajv-wt/lib/core.ts:10, then bumped /home/u/wt/ajv-wt/package.json and /home/u/wt/ajv-wt/tsconfig.json; /home/u/other/package.json is not ours.',
    );
    assert.match(shown['/home/u/wt/ajv-wt/lib/core.ts:10'] ?? '', /^lib\/core\.ts:\d+$/);
    assert.equal(shown['/home/u/wt/ajv-wt/package.json'], 'package.json:1');
    assert.equal(shown['/home/u/wt/ajv-wt/tsconfig.json'], 'tsconfig.json:1');
    assert.equal(shown['/home/u/other/package.json'], '(unknown)', 'another folder is no checkout the episode showed');
  });
});
