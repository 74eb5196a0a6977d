// Files outside every tsconfig are indexed too (an inferred config in Scry's
// folder), on real code: rxjs with a tsconfig that includes only
// src/internal, as many repos have, so its public entry points (src/index.ts,
// src/operators/index.ts, ...) and a benchmarks folder are outside it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { QueryResult, StatusResult } from '../../daemon/protocol';
import { tsCoverage, type Coverage } from '../../daemon/code/indexers/ts-coverage';
import { lineOf, rxjsRepo, scryJson, stopDaemon, tempDir } from '../helpers';

describe('TypeScript files outside every tsconfig', () => {
  let repo: string;
  let home: string;

  before(async () => {
    repo = rxjsRepo();
    home = tempDir('coverage');
    const config = JSON.parse(fs.readFileSync(path.join(repo, 'tsconfig.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(repo, 'tsconfig.json'), JSON.stringify({ ...config, include: ['src/internal/**/*'] }));
    fs.mkdirSync(path.join(repo, 'benchmarks'));
    fs.writeFileSync(
      path.join(repo, 'benchmarks', 'concat.bench.ts'),
      "import { concatMap } from '../src/internal/operators/concatMap';\n\nexport const run = () => concatMap((x: number) => [x]);\n",
    );
    await scryJson(['index', repo], { home });
  });
  after(() => stopDaemon(home));

  it('finds references in files no tsconfig includes, resolved to the same symbol', async () => {
    const r = await scryJson<QueryResult>(['refs', 'concatMap', '--repo', repo], { home });
    assert.equal(r.matches.length, 1, r.matches.map((m) => m.symbol_id).join(', '));
    const files = new Set(r.matches[0]!.occurrences.map((o) => o.file));
    for (const f of ['src/internal/operators/concatMap.ts', 'src/operators/index.ts', 'src/index.ts', 'benchmarks/concat.bench.ts'])
      assert.ok(files.has(f), `${f} in ${[...files].join(', ')}`);
    const bench = r.matches[0]!.occurrences.find((o) => o.file === 'benchmarks/concat.bench.ts' && o.is_call);
    assert.equal(bench?.line, lineOf(path.join(repo, 'benchmarks', 'concat.bench.ts'), /concatMap\(\(x/));
    assert.equal(bench?.containing_symbol, 'run');
  });

  it('says in status how the files were covered', async () => {
    const status = await scryJson<StatusResult>(['status', '--repo', repo], { home });
    const c = status.repos[0]!.coverage;
    assert.ok(c && c.by_tsconfig > 200, JSON.stringify(c));
    assert.ok(c.inferred >= 8, `${c.inferred} inferred`);
    assert.ok(c.inferred_sample.includes('benchmarks/concat.bench.ts') || c.inferred_sample.includes('src/index.ts'), c.inferred_sample.join(', '));
    assert.ok(!fs.existsSync(path.join(repo, 'tsconfig.uncovered.json')), 'nothing is written into the repo');
  });
});

describe('the coverage check is reused while its inputs are unchanged', () => {
  const scip = require.resolve('@sourcegraph/scip-typescript/package.json');
  const write = (repo: string, file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    fs.writeFileSync(path.join(repo, file), text);
  };
  const rel = (repo: string, c: Coverage): string[] => c.uncovered.map((f) => path.relative(repo, f));

  it('recomputes when an extended config, a referenced project or the source files change, and only then', () => {
    const repo = tempDir('coverage-cache');
    const cache = path.join(tempDir('coverage-cache-work'), 'cache.json');
    write(repo, 'tsconfig.base.json', JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }));
    write(repo, 'tsconfig.json', JSON.stringify({ extends: './tsconfig.base.json', references: [{ path: './tools' }] }));
    write(repo, 'src/a.ts', 'export const a = 1;\n');
    write(repo, 'scripts/b.ts', "import { a } from '../src/a';\nexport const b = a;\n");
    write(repo, 'tools/t.ts', 'export const t = 1;\n');
    const root = path.join(repo, 'tsconfig.json');

    const first = tsCoverage(repo, root, scip, cache);
    assert.equal(first.cached, undefined);
    assert.deepEqual(rel(repo, first).sort(), ['scripts/b.ts', 'tools/t.ts']);
    const again = tsCoverage(repo, root, scip, cache);
    assert.equal(again.cached, true);
    assert.deepEqual(again.uncovered, first.uncovered);
    assert.equal(again.covered, first.covered);

    // The base config (read only through `extends`) now includes scripts/.
    write(repo, 'tsconfig.base.json', JSON.stringify({ compilerOptions: { strict: true }, include: ['src', 'scripts'] }));
    const widened = tsCoverage(repo, root, scip, cache);
    assert.equal(widened.cached, undefined);
    assert.deepEqual(rel(repo, widened), ['tools/t.ts']);

    // The referenced project's config did not exist; now it does.
    write(repo, 'tools/tsconfig.json', JSON.stringify({ include: ['.'] }));
    const referenced = tsCoverage(repo, root, scip, cache);
    assert.equal(referenced.cached, undefined);
    assert.deepEqual(rel(repo, referenced), []);
    assert.equal(tsCoverage(repo, root, scip, cache).cached, true);

    // A new source file outside every config.
    write(repo, 'bench/c.ts', 'export const c = 1;\n');
    const added = tsCoverage(repo, root, scip, cache);
    assert.equal(added.cached, undefined);
    assert.deepEqual(rel(repo, added), ['bench/c.ts']);

    // A cache file that is not ours is ignored, not trusted.
    fs.writeFileSync(cache, '{"version":1,"sources":"x"');
    assert.deepEqual(rel(repo, tsCoverage(repo, root, scip, cache)), ['bench/c.ts']);
  });
});
