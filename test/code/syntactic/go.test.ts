// Go on real code (Debian's golang-github-pkg-errors-dev): with the real
// scip-go (installed by .ci/run, as the README tells users), whose
// definitions carry no enclosing ranges, tree-sitter's extents give callers;
// without scip-go, the syntactic indexer answers the same questions.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { buildIndex } from '../../../daemon/code/build';
import { findOnPath } from '../../../daemon/which';
import { callees } from '../../../daemon/code/query/callees';
import { callers } from '../../../daemon/code/query/callers';
import { refs } from '../../../daemon/code/query/refs';
import { CodeStore } from '../../../daemon/code/store/store';
import { lineOf, tempDir } from '../../helpers';
import { debianSources } from './sources';

const pkg = debianSources(['golang-github-pkg-errors-dev'], 'usr/share/gocode/src/github.com/pkg/errors');
const skip = 'skip' in pkg ? pkg.skip : false;
if (skip) console.log(`# skipping the Go tests: ${skip}`);

/** A copy with a go.mod (Debian's gocode tree has none), so scip-go loads it as a module, offline. */
function goRepo(): string {
  const repo = tempDir('go-errors');
  fs.cpSync('root' in pkg ? pkg.root : '', repo, { recursive: true });
  fs.writeFileSync(path.join(repo, 'go.mod'), 'module github.com/pkg/errors\n\ngo 1.18\n');
  return repo;
}

async function build(repo: string, env: NodeJS.ProcessEnv): Promise<{ store: CodeStore; indexers: Array<[string, string]> }> {
  const work = tempDir('go-work');
  const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: tempDir('go-home'), env });
  fs.renameSync(out.nextPath, path.join(work, 'index.db'));
  return { store: new CodeStore(path.join(work, 'index.db')), indexers: out.indexers.map((r) => [r.indexer, r.status]) };
}

/**
 * Definitions whose bodies call `callers(`, by text. A name query takes the
 * exact case when something has it, so runtime.Callers is another symbol:
 * the constructors in errors.go and the helpers in stack_test.go.
 */
function expectedCallers(repo: string, call = /\bcallers\(/): string[] {
  const out = new Set<string>();
  for (const file of fs.readdirSync(repo).filter((f) => f.endsWith('.go'))) {
    let current = '';
    for (const line of fs.readFileSync(path.join(repo, file), 'utf8').split('\n')) {
      const m = /^func (?:\([^)]*\) )?(\w+)/.exec(line);
      if (m) current = m[1]!;
      else if (call.test(line) && !/^\s*\/\//.test(line)) out.add(current);
    }
  }
  return [...out].sort();
}

const OFFLINE = { GOFLAGS: '-mod=mod', GOPROXY: 'off' };

describe('Go on pkg/errors', { skip }, () => {
  const scipGo = findOnPath('scip-go', process.env);
  it(
    'with scip-go: precise symbols, tree-sitter extents make callers and callees work',
    { skip: scipGo ? false : 'scip-go is not on PATH (.ci/run installs it)' },
    async () => {
      const repo = goRepo();
      const { store, indexers } = await build(repo, { ...process.env, ...OFFLINE });
      assert.deepEqual(indexers, [['scip-go', 'ok']]);
      const expected = expectedCallers(repo);
      assert.ok(expected.length >= 4, expected.join(', '));
      assert.deepEqual(
        callers(store, 'callers')
          .matches.map((m) => m.display_name)
          .sort(),
        expected,
      );
      // Qualified by its package, only the package's own function (not runtime.Callers).
      assert.deepEqual(
        callers(store, 'errors.callers')
          .matches.map((m) => m.display_name)
          .sort(),
        expectedCallers(repo, /\bcallers\(\)/),
      );
      const def = refs(store, 'callers', { definitionsOnly: true }).matches.flatMap((m) => m.occurrences);
      assert.deepEqual(
        def.map((o) => [o.file, o.line, o.precision]),
        [['stack.go', lineOf(path.join(repo, 'stack.go'), /^func callers\(\)/), undefined]],
      );
      assert.ok(callees(store, 'Wrap').matches.some((m) => m.display_name === 'callers'));
    },
  );

  it('without scip-go: the syntactic indexer answers the same callers, marked syntactic', async () => {
    const repo = goRepo();
    const env = {
      ...process.env,
      ...OFFLINE,
      PATH: (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter((d) => !fs.existsSync(path.join(d, 'scip-go')))
        .join(path.delimiter),
      SCRY_SCIP_GO_URL: 'http://127.0.0.1:9/none',
    };
    const { store, indexers } = await build(repo, env);
    assert.deepEqual(indexers, [
      ['scip-go', 'missing'],
      ['tree-sitter-go', 'ok'],
    ]);
    assert.deepEqual(
      callers(store, 'callers')
        .matches.map((m) => m.display_name)
        .sort(),
      expectedCallers(repo),
    );
    assert.deepEqual(
      callers(store, 'errors.callers')
        .matches.map((m) => m.display_name)
        .sort(),
      expectedCallers(repo, /\bcallers\(\)/),
    );
    const def = refs(store, 'callers', { definitionsOnly: true }).matches.flatMap((m) => m.occurrences);
    assert.deepEqual(
      def.map((o) => [o.file, o.precision]),
      [['stack.go', 'syntactic']],
    );
    // A method call on a typed receiver: (*stack).StackTrace called as s.StackTrace() is bound to stack.
    assert.ok(refs(store, 'stack::StackTrace').matches.length >= 1);
  });
});
