// Every precise indexer's output is checked for a cut at a document boundary,
// not only scip-typescript's (scip-complete.test.ts): real scip-go on a real
// Go module (golang.org/x/mod, BSD-3-Clause, through the module proxy) and
// real scip-python on Debian's python3-requests. A cut index is refused on
// import with one line naming the file and what it lacks; a scip-go run whose
// output comes back cut is reported failed with that reason, and the file it
// lost answers syntactically; whole indexes pass the same checks.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingFromIndex } from '../../daemon/code/indexers/complete';
import { PY_INDEXER, pythonFilesReported, scipPythonMain } from '../../daemon/code/indexers/python';
import { decodeScip } from '../../daemon/code/scip/decode';
import type { IndexResult, StatusResult } from '../../daemon/protocol';
import { findOnPath } from '../../daemon/which';
import { goModuleRepo } from '../bench/callgraph-go';
import { scry, scryJson, stopDaemon, tempDir } from '../helpers';
import { cutAfter } from './scip-cut';

const REQUESTS = '/usr/lib/python3/dist-packages/requests';
const CUT_SCIP_GO = path.join(__dirname, 'stubs', 'cut-scip-go.mjs');

function documentPaths(file: string): string[] {
  return decodeScip(fs.readFileSync(file), file).documents.map((d) => d.relativePath);
}

/** The CLI's last stderr line (a failed build's progress line may come before it). */
function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

/** Imports each cut of `whole` into a home already serving it whole: refused, naming the file, and the whole index still served. */
async function refusesCuts(home: string, repo: string, whole: string, work: string, what: RegExp): Promise<void> {
  const paths = documentPaths(whole);
  // The last document inside the repo: scip-go also writes Go's generated test mains, under '..'.
  const lastInRepo = paths.findLastIndex((p) => !p.startsWith('..'));
  assert.notEqual(lastInRepo, -1);
  for (const [label, keep] of [
    ['half of its documents', Math.floor(paths.length / 2)],
    ['all before its last document in the repo', lastInRepo],
  ] as const) {
    const file = cutAfter(whole, keep, path.join(work, `cut-${keep}.scip`));
    const r = await scry(['index', '--repo', repo, '--scip', file], { home });
    assert.notEqual(r.code, 0, `accepted ${keep} of ${paths.length} documents: ${r.stdout}`);
    const error = lastLine(r.stderr);
    assert.ok(error.startsWith(`scry: SCIP index '${file}' is incomplete: `), error);
    assert.match(error, what);
    console.log(`${label} (${keep} of ${paths.length}): ${error}`);
    const status = await scryJson<StatusResult>(['status', '--repo', repo], { home });
    assert.equal(status.repos[0]!.documents, paths.filter((p) => !p.startsWith('..')).length, 'the whole index is still served');
  }
}

const scipGo = findOnPath('scip-go', process.env);
const goWork = tempDir('scip-go-cut');
const goRepo = scipGo
  ? goModuleRepo(path.join(goWork, 'mod'))
  : { skip: 'scip-go is not on PATH (.ci/run installs it; export PATH=$(go env GOPATH)/bin:$PATH)' };
const goSkip = typeof goRepo === 'string' ? false : goRepo.skip;
if (goSkip) console.log(`skipping the scip-go cases: ${goSkip}`);

describe('scip-go: an index cut at a document boundary', { skip: goSkip }, () => {
  const repo = typeof goRepo === 'string' ? goRepo : '';
  const home = tempDir('scip-go-cut-home');
  const whole = path.join(goWork, 'whole.scip');

  before(() => {
    const r = spawnSync(scipGo!, ['--output', whole, '--quiet'], { cwd: repo, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });
  after(async () => {
    await stopDaemon(home);
    for (const d of [home, goWork]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('the whole index imports as ready', async () => {
    const r = await scryJson<IndexResult>(['index', '--repo', repo, '--scip', whole], { home });
    assert.equal(r.status, 'ready');
    assert.equal(r.documents, documentPaths(whole).filter((p) => !p.startsWith('..')).length);
  });

  it('a cut index is refused on import, naming the file and a Go file it lacks', async () => {
    await refusesCuts(
      home,
      repo,
      whole,
      goWork,
      /it has no document for \d+ of the \d+ Go files of its module that scip-go always reads \(e\.g\. '[^']+\.go'\)\. It was cut short/,
    );
  });

  it('a run whose output comes back cut is reported failed with the reason; the file it lost answers syntactically', async () => {
    const bin = path.join(goWork, 'cut-bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.symlinkSync(CUT_SCIP_GO, path.join(bin, 'scip-go'));
    const cutHome = tempDir('scip-go-cut-run');
    try {
      const env = { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, REAL_SCIP_GO: scipGo!, SCRY_FIRST_INDEX: '0' };
      const r = await scryJson<IndexResult>(['index', repo], { home: cutHome, env });
      assert.deepEqual(
        r.indexers.map((i) => [i.indexer, i.status]),
        [
          ['scip-go', 'failed'],
          ['tree-sitter-go', 'ok'],
        ],
      );
      const go = r.indexers[0]!;
      assert.match(go.error ?? '', /^SCIP index '.*go\.scip' is incomplete: it has no document for 1 of the \d+ Go files/);
      console.log(`cut run: ${go.error}`);
      // What the cut output lost (zip/zip_test.go) answers from tree-sitter-go, marked so; what it kept stays precise.
      const defs = async (name: string): Promise<Array<[string, string]>> => {
        const answer = await scryJson<{ matches: Array<{ occurrences: Array<{ file: string; precision?: string }> }> }>(['defs', name, '--repo', repo], {
          home: cutHome,
          env,
        });
        return answer.matches.flatMap((m) => m.occurrences.map((o): [string, string] => [o.file, o.precision ?? 'precise']));
      };
      assert.deepEqual(await defs('TestCreateFromDirSpecial'), [['zip/zip_test.go', 'syntactic']]);
      assert.deepEqual(await defs('CheckPath'), [['module/module.go', 'precise']]);
    } finally {
      await stopDaemon(cutHome);
      fs.rmSync(cutHome, { recursive: true, force: true });
    }
  });

  it('a whole run of the real scip-go passes the same check', async () => {
    const runHome = tempDir('scip-go-whole-run');
    try {
      const r = await scryJson<IndexResult>(['index', repo], { home: runHome, env: { SCRY_FIRST_INDEX: '0' } });
      assert.deepEqual(
        r.indexers.map((i) => [i.indexer, i.status]),
        [['scip-go', 'ok']],
      );
      assert.equal(r.status, 'ready');
    } finally {
      await stopDaemon(runHome);
      fs.rmSync(runHome, { recursive: true, force: true });
    }
  });
});

const pySkip = fs.existsSync(REQUESTS) ? false : `${REQUESTS} is missing: install python3-requests (listed in .ci/apt-packages)`;
if (pySkip) console.log(`skipping the scip-python cases: ${pySkip}`);

describe('scip-python: an index cut at a document boundary', { skip: pySkip }, () => {
  const work = tempDir('scip-py-cut');
  const repo = path.join(work, 'repo');
  const home = tempDir('scip-py-cut-home');
  const whole = path.join(work, 'whole.scip');
  let reported: number | undefined;

  before(() => {
    fs.cpSync(REQUESTS, path.join(repo, 'requests'), { recursive: true, filter: (f) => !f.includes('__pycache__') });
    spawnSync('git', ['init', '-q'], { cwd: repo });
    // As the daemon runs it: progress on, so its count of analysed files is printed.
    const r = spawnSync(
      process.execPath,
      [scipPythonMain(), 'index', '--cwd', repo, '--output', whole, '--project-name', 'requests', '--project-version', '0'],
      { cwd: repo, encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    reported = pythonFilesReported(r.stdout + r.stderr);
  });
  after(async () => {
    await stopDaemon(home);
    for (const d of [home, work]) fs.rmSync(d, { recursive: true, force: true });
  });

  it("its own report counts the whole index's documents, and a cut one falls short of it", () => {
    const paths = documentPaths(whole);
    assert.equal(reported, paths.length, 'scip-python reports one file per document it writes');
    assert.equal(missingFromIndex(PY_INDEXER, repo, new Set(paths), reported), undefined);
    const cut = new Set(paths.slice(0, -1));
    assert.equal(missingFromIndex(PY_INDEXER, repo, cut, reported), `${paths.length - 1} documents where scip-python reported analysing ${paths.length} files`);
  });

  it('the whole index imports as ready', async () => {
    const r = await scryJson<IndexResult>(['index', '--repo', repo, '--scip', whole], { home });
    assert.equal(r.status, 'ready');
    assert.equal(r.documents, documentPaths(whole).length);
  });

  it('a cut index is refused on import, naming the file and a Python file it lacks', async () => {
    await refusesCuts(
      home,
      repo,
      whole,
      work,
      /it has no document for \d+ of the \d+ Python files of its project that scip-python always reads \(e\.g\. 'requests\/[^']+\.py'\)\. It was cut short/,
    );
  });
});
