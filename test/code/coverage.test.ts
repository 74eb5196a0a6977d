// Files outside every tsconfig are indexed too (an inferred config in Scry's
// folder), on real code: rxjs with a tsconfig that includes only
// src/internal, as many repos have, so its public entry points (src/index.ts,
// src/operators/index.ts, ...) and a benchmarks folder are outside it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { QueryResult, StatusResult } from '../../daemon/protocol';
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
    fs.writeFileSync(path.join(repo, 'benchmarks', 'concat.bench.ts'), "import { concatMap } from '../src/internal/operators/concatMap';\n\nexport const run = () => concatMap((x: number) => [x]);\n");
    await scryJson(['index', repo], { home });
  });
  after(() => stopDaemon(home));

  it('finds references in files no tsconfig includes, resolved to the same symbol', async () => {
    const r = await scryJson<QueryResult>(['refs', 'concatMap', '--repo', repo], { home });
    assert.equal(r.matches.length, 1, r.matches.map((m) => m.symbol_id).join(', '));
    const files = new Set(r.matches[0]!.occurrences.map((o) => o.file));
    for (const f of ['src/internal/operators/concatMap.ts', 'src/operators/index.ts', 'src/index.ts', 'benchmarks/concat.bench.ts']) assert.ok(files.has(f), `${f} in ${[...files].join(', ')}`);
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
