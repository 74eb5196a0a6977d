// `scry index --export-scip FILE` on a small real package (test/fixtures/
// eventsource-parser), checked by Sourcegraph's own `scip` CLI (v0.6.1, as
// .ci/run builds it): `scip lint` finds nothing, `scip stats` counts the same
// documents and occurrences as the index. The file also goes back in through
// `scry index --scip` in a fresh copy and answers the same.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IndexResult, QueryResult } from '../../daemon/protocol';
import { ROOT, scryJson, stopDaemon, tempDir } from '../helpers';

/** The scip CLI: $SCRY_SCIP_CLI, else on PATH, else where `go build` in .ci/run puts it. */
function scipCli(): string | undefined {
  const candidates = [
    process.env.SCRY_SCIP_CLI,
    ...(process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'scip')),
    path.join(os.homedir(), 'go', 'bin', 'scip'),
  ];
  return candidates.find((c): c is string => c !== undefined && c !== '' && fs.existsSync(c) && spawnSync(c, ['--version']).status === 0);
}
const SCIP = scipCli();
if (!SCIP) console.log('# export-scip: skipped, no `scip` CLI (.ci/run builds v0.6.1 with Go; or set SCRY_SCIP_CLI)');

function copyOfFixture(): string {
  const dir = fs.realpathSync(tempDir('export-scip'));
  fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'eventsource-parser'), dir, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

describe(
  "scry index --export-scip, read by Sourcegraph's scip CLI",
  { skip: SCIP ? false : 'no `scip` CLI: .ci/run builds v0.6.1 with Go (or set SCRY_SCIP_CLI)' },
  () => {
    let home: string;
    let repo: string;
    let out: string;
    let result: IndexResult;
    before(async () => {
      home = tempDir('export-scip-home');
      repo = copyOfFixture();
      out = path.join(tempDir('export-scip-out'), 'index.scip');
      result = await scryJson<IndexResult>(['index', repo, '--export-scip', out], { home });
    });
    after(() => stopDaemon(home));

    it('writes a file that scip lint finds nothing wrong with', () => {
      assert.ok(result.exported, JSON.stringify(result));
      assert.equal(result.exported.file, out);
      const lint = spawnSync(SCIP!, ['lint', out], { encoding: 'utf8' });
      assert.equal(lint.status, 0, lint.stdout + lint.stderr);
      assert.equal(lint.stdout.trim(), '', 'no lint findings');
    });

    it('holds the same documents and occurrences as the index, by scip stats', () => {
      const stats = spawnSync(SCIP!, ['stats', '--from', out], { encoding: 'utf8' });
      assert.equal(stats.status, 0, stats.stderr);
      const s = JSON.parse(stats.stdout) as { documents: number; occurrences: number };
      assert.deepEqual({ documents: s.documents, occurrences: s.occurrences }, { documents: result.documents, occurrences: result.occurrences });
      assert.deepEqual([result.exported!.documents, result.exported!.occurrences], [result.documents, result.occurrences]);
      assert.ok(result.documents >= 5 && result.occurrences > 100, JSON.stringify(result));
    });

    it('imported into a fresh copy with scry index --scip, answers as the original index does', async () => {
      const copy = copyOfFixture();
      const imported = await scryJson<IndexResult>(['index', copy, '--scip', out], { home });
      assert.equal(imported.occurrences, result.occurrences);
      for (const name of ['createParser', 'ParseError', 'EventSourceParserStream']) {
        const a = await scryJson<QueryResult>(['refs', name, '--repo', repo], { home });
        const b = await scryJson<QueryResult>(['refs', name, '--repo', copy], { home });
        const where = (r: QueryResult): string[] =>
          r.matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}:${o.column}:${o.end_column}:${o.is_definition}`)).sort();
        assert.ok(a.total > 0, name);
        assert.deepEqual(where(b), where(a), name);
      }
    });
  },
);
