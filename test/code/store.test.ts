// SCIP decoding and the SQLite store, on a real scip-typescript index of rxjs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ScipDecodeError } from '../../daemon/errors';
import { decodeScip } from '../../daemon/code/scip/decode';
import { ScipStreamReader } from '../../daemon/code/scip/stream';
import { scipTypescriptMain } from '../../daemon/code/indexers/typescript';
import { ingestScip } from '../../daemon/code/store/ingest';
import { CodeStore } from '../../daemon/code/store/store';
import { filesMatching, lineOf, rxjsRepo, tempDir } from '../helpers';

describe('SCIP ingest of a real rxjs index', () => {
  let repo: string;
  let work: string;
  let scipFile: string;
  let store: CodeStore;

  before(() => {
    repo = rxjsRepo();
    work = tempDir('store');
    scipFile = path.join(work, 'rxjs.scip');
    const r = spawnSync(process.execPath, [scipTypescriptMain(), 'index', '--cwd', repo, '--output', scipFile, '--no-progress-bar'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const index = decodeScip(fs.readFileSync(scipFile), scipFile);
    const result = ingestScip(index, path.join(work, 'index.db'), repo);
    assert.ok(result.documents > 200, `expected rxjs's ~250 source files, got ${result.documents}`);
    store = new CodeStore(path.join(work, 'index.db'));
  });

  after(() => store?.close());

  it('finds the definition of a class where the source declares it', () => {
    const [observable] = store.symbolsNamed('Observable');
    assert.ok(observable);
    assert.equal(observable.kind, 'class');
    const defs = store.occurrences(observable.id, true);
    const line = lineOf(path.join(repo, 'src/internal/Observable.ts'), /^export class Observable</);
    assert.deepEqual(
      defs.map((d) => [d.file, d.line]),
      [['src/internal/Observable.ts', line]],
    );
    assert.match(defs[0]!.context, /^export class Observable</);
  });

  it('finds every file that imports mergeMap, and no other', () => {
    const [mergeMap] = store.symbolsNamed('mergeMap');
    assert.ok(mergeMap);
    assert.equal(mergeMap.kind, 'function');
    const files = new Set(store.occurrences(mergeMap.id).map((o) => o.file));
    const importers = filesMatching(
      repo,
      'src',
      /import \{[^}]*\bmergeMap\b[^}]*\} from '\.\/mergeMap'|import \{[^}]*\bmergeMap\b[^}]*\} from '\.\.\/operators\/mergeMap'/,
    );
    assert.ok(importers.length >= 3, `grep found ${importers.length} importers`);
    for (const f of importers) assert.ok(files.has(f), `${f} imports mergeMap but has no reference`);
  });

  it('names the containing function of a reference', () => {
    const [mergeMap] = store.symbolsNamed('mergeMap');
    const inConcatMap = store.occurrences(mergeMap!.id).filter((o) => o.file === 'src/internal/operators/concatMap.ts' && !o.context.startsWith('import'));
    assert.ok(inConcatMap.length > 0);
    assert.ok(
      inConcatMap.every((o) => o.containing_symbol === 'concatMap'),
      JSON.stringify(inConcatMap),
    );
  });

  it('tells interfaces, type aliases and methods apart', () => {
    assert.equal(store.symbolsNamed('Subscribable')[0]?.kind, 'interface');
    assert.equal(store.symbolsNamed('ObservableInput')[0]?.kind, 'type_alias');
    assert.ok(store.symbolsNamed('subscribe').some((s) => s.kind === 'method' && s.qualified_name === 'Observable.subscribe'));
  });

  it('matches names case-insensitively', () => {
    assert.deepEqual(
      store.symbolsNamed('mergemap').map((s) => s.id),
      store.symbolsNamed('mergeMap').map((s) => s.id),
    );
  });

  it('synthesizes external symbols so library references are queryable', () => {
    const promise = store.symbolsNamed('Promise').find((s) => s.kind === 'external');
    assert.ok(promise, 'the TypeScript lib Promise should be an external symbol');
    assert.match(promise.symbol, /lib\.es\d+.*\.d\.ts/);
    assert.ok(store.occurrences(promise.id).length > 5);
  });

  it('keeps local symbols scoped to their document', () => {
    // Every local symbol row belongs to one document; the same 'local N' id in two files is two symbols.
    const db = new (require('better-sqlite3'))(path.join(work, 'index.db'), { readonly: true });
    const shared = db
      .prepare("SELECT symbol, COUNT(DISTINCT document_id) AS docs FROM symbols WHERE symbol LIKE 'local %' GROUP BY symbol HAVING docs > 1 LIMIT 1")
      .get() as { symbol: string; docs: number } | undefined;
    assert.ok(shared, 'rxjs has local ids that repeat across files');
    const leaks = db
      .prepare(
        'SELECT COUNT(*) AS n FROM occurrences o JOIN symbols s ON s.id = o.symbol_id WHERE s.document_id IS NOT NULL AND s.document_id != o.document_id',
      )
      .get() as { n: number };
    assert.equal(leaks.n, 0);
    db.close();
  });

  it('decodes a stream read in pieces into one reused buffer, as a build reads a growing file', () => {
    const bytes = fs.readFileSync(scipFile);
    const whole = decodeScip(bytes, scipFile).documents.length;
    const reader = new ScipStreamReader(scipFile);
    const chunk = Buffer.alloc(1 << 16);
    let documents = 0;
    // Odd-sized reads so fields straddle reads; the buffer is overwritten by each one.
    for (let off = 0, step = 7919; off < bytes.length; off += step, step = (step * 31) % 65521 || 1) {
      const n = bytes.copy(chunk, 0, off, Math.min(bytes.length, off + step));
      for (const item of reader.push(chunk.subarray(0, n))) if (item.kind === 'document') documents++;
    }
    reader.end();
    assert.equal(documents, whole);
  });

  it('rejects a truncated index with an error naming the file', () => {
    const bytes = fs.readFileSync(scipFile);
    const cut = path.join(work, 'cut.scip');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    assert.throws(
      () => decodeScip(fs.readFileSync(cut), cut),
      (err: unknown) => err instanceof ScipDecodeError && err.message.includes(cut) && /truncated/.test(err.message),
    );
  });

  it('rejects bytes that are not a SCIP index', () => {
    const junk = Buffer.from('this is a README, not a protobuf\n'.repeat(20));
    assert.throws(
      () => decodeScip(junk, 'README.md'),
      (err: unknown) => err instanceof ScipDecodeError && err.message.includes("'README.md'"),
    );
    assert.throws(() => decodeScip(new Uint8Array(0), 'empty.scip'), /empty\.scip.*empty/);
  });

  it('skips a file whose start is not UTF-8 (binary named like source), naming it and why', () => {
    const index = decodeScip(fs.readFileSync(scipFile), scipFile);
    const victim = index.documents[0]!.relativePath;
    const copy = tempDir('latin1');
    fs.cpSync(repo, copy, { recursive: true });
    const file = path.join(copy, victim);
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe, 0xe9, 0x0a]), fs.readFileSync(file)]));
    const result = ingestScip(index, path.join(copy, 'x.db'), copy);
    assert.deepEqual(result.warnings, [`skipped '${victim}': binary (not valid UTF-8)`]);
    assert.equal(result.documents, index.documents.length - 1);
  });

  it('indexes a text file with a stray non-UTF-8 byte past its start, with a warning instead of failing', () => {
    const index = decodeScip(fs.readFileSync(scipFile), scipFile);
    const victim = index.documents[0]!.relativePath;
    const copy = tempDir('latin1-late');
    fs.cpSync(repo, copy, { recursive: true });
    const file = path.join(copy, victim);
    // Appended: the lines the index points at stay where they are.
    fs.appendFileSync(file, Buffer.concat([Buffer.from(`\n// ${'a'.repeat(9000)}\n// caf`), Buffer.from([0xe9, 0x0a])]));
    const result = ingestScip(index, path.join(copy, 'x.db'), copy);
    assert.equal(result.warnings.length, 1);
    assert.match(result.warnings[0]!, new RegExp(`'${victim.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}' is not valid UTF-8`));
    assert.equal(result.documents, index.documents.length);
  });
});
