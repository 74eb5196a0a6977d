// The syntactic PHP indexer on Laravel's own framework source (Debian's
// php-illuminate-* and php-laravel-framework, Laravel 8): definitions,
// references, callers and implementations, checked against lines found in the
// source by plain text search, not by the indexer.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildIndex } from '../../../daemon/code/build';
import { callers } from '../../../daemon/code/query/callers';
import { impls } from '../../../daemon/code/query/impls';
import { refs } from '../../../daemon/code/query/refs';
import { CodeStore } from '../../../daemon/code/store/store';
import { envWithout, lineOf, tempDir } from '../../helpers';
import { debianSources } from './sources';

const PACKAGES = [
  'php-laravel-framework',
  'php-illuminate-support',
  'php-illuminate-database',
  'php-illuminate-collections',
  'php-illuminate-contracts',
  'php-illuminate-container',
  'php-illuminate-macroable',
];
const fetched = debianSources(PACKAGES, 'usr/share/php/Illuminate');
const skip = 'skip' in fetched ? fetched.skip : false;
if (skip) console.log(`# skipping the Laravel framework tests: ${skip}`);

describe('PHP on the Laravel framework source', { skip }, () => {
  const repo = 'root' in fetched ? fetched.root : '';
  let store: CodeStore;
  const at = (file: string, re: RegExp): string => `${file}:${lineOf(path.join(repo, file), re)}`;
  const places = (occurrences: Array<{ file: string; line: number }>): string[] => occurrences.map((o) => `${o.file}:${o.line}`);

  before(async () => {
    const work = tempDir('php-framework');
    const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: tempDir('php-home'), env: envWithout('scip-php') });
    assert.deepEqual(
      out.indexers.map((r) => [r.language, r.indexer, r.status]),
      [
        ['php', 'scip-php', 'missing'],
        ['php', 'tree-sitter-php', 'ok'],
      ],
    );
    assert.ok(out.ingest.documents > 500, `${out.ingest.documents} documents`);
    fs.renameSync(out.nextPath, path.join(work, 'index.db'));
    store = new CodeStore(path.join(work, 'index.db'));
  });

  it('defines classes and methods at their lines, with the whole body as extent, marked syntactic', () => {
    const defs = refs(store, 'DatabaseManager', { definitionsOnly: true });
    assert.equal(defs.matches.length, 1);
    assert.equal(defs.matches[0]!.kind, 'class');
    assert.deepEqual(places(defs.matches[0]!.occurrences), [at('Database/DatabaseManager.php', /^class DatabaseManager\b/)]);
    assert.equal(defs.matches[0]!.occurrences[0]!.precision, 'syntactic');
    const method = refs(store, 'DatabaseManager::connection', { definitionsOnly: true });
    assert.deepEqual(places(method.matches.flatMap((m) => m.occurrences)), [at('Database/DatabaseManager.php', /public function connection\(/)]);
  });

  it('binds $this-> calls to the class, through its ancestors, and facade calls to the backing class', () => {
    const r = refs(store, 'DatabaseManager::connection');
    const sites = r.matches.flatMap((m) => m.occurrences.filter((o) => !o.is_definition));
    const reconnect = sites.find((o) => o.containing_symbol === 'DatabaseManager.reconnect');
    assert.ok(reconnect?.is_call, JSON.stringify(sites));
    assert.equal(`${reconnect.file}:${reconnect.line}`, at('Database/DatabaseManager.php', /return \$this->connection\(\$name\);/));
    // DB::connection() in a trait of the testing layer: the DB facade's @see names DatabaseManager.
    assert.ok(places(sites).includes(at('Foundation/Testing/Concerns/InteractsWithDatabase.php', /DB::connection\(\)->getPdo/)), JSON.stringify(places(sites)));
    const facade = refs(store, 'DB::connection');
    assert.deepEqual(
      facade.matches.map((m) => m.symbol_id),
      ['scry-syntactic php . . Illuminate/Support/Facades/DB#connection().'],
    );
  });

  it('resolves `use` imports: Arr::get in a file that imports Illuminate\\Support\\Arr', () => {
    const r = refs(store, 'Arr::get');
    assert.deepEqual(
      r.matches.map((m) => m.symbol_id),
      ['scry-syntactic php . . Illuminate/Support/Arr#get().'],
    );
    const files = new Set(r.matches[0]!.occurrences.map((o) => o.file));
    assert.ok(files.has('Collections/Arr.php'));
    assert.ok(files.has('Database/DatabaseManager.php'), [...files].join(', '));
    assert.equal(
      places(r.matches[0]!.occurrences.filter((o) => o.file === 'Database/DatabaseManager.php')).length,
      (fs.readFileSync(path.join(repo, 'Database/DatabaseManager.php'), 'utf8').match(/Arr::get\(/g) ?? []).length + 0,
    );
  });

  it('records a call on an untyped receiver as unresolved, not on a same-named method', () => {
    const capsule = at('Database/Capsule/Manager.php', /static::\$instance->connection\(\$connection\)->table/);
    const schemaTable = refs(store, 'Builder::table');
    assert.equal(schemaTable.note, undefined);
    const connectionTable = refs(store, 'Connection::table');
    for (const r of [schemaTable, connectionTable]) assert.ok(!places(r.matches.flatMap((m) => m.occurrences)).includes(capsule), r.symbol);
    const all = refs(store, 'table');
    const unresolved = all.matches.find((m) => m.symbol_id === 'scry-syntactic php . . unresolved/table().');
    assert.ok(unresolved && places(unresolved.occurrences).includes(capsule));
  });

  it('callers of a method are the definitions whose bodies call it', () => {
    const r = callers(store, 'DatabaseManager::connection');
    const names = r.matches.map((m) => m.display_name);
    assert.ok(names.includes('reconnect'), names.join(', '));
    assert.ok(names.includes('__call'), names.join(', '));
  });

  it('implementations: implements, extends and trait use, transitively', () => {
    const byInterface = impls(store, 'ConnectionInterface').matches.map((m) => m.symbol_id);
    assert.ok(byInterface.includes('scry-syntactic php . . Illuminate/Database/Connection#'), byInterface.join('\n'));
    // MySqlConnection extends Connection, which implements ConnectionInterface.
    assert.ok(byInterface.includes('scry-syntactic php . . Illuminate/Database/MySqlConnection#'), byInterface.join('\n'));
    const macroable = impls(store, 'Macroable').matches.map((m) => m.symbol_id);
    assert.ok(macroable.includes('scry-syntactic php . . Illuminate/Support/Collection#'), macroable.join('\n'));
    // A method implementing an interface's method.
    const table = impls(store, 'ConnectionInterface::table').matches.map((m) => m.symbol_id);
    assert.deepEqual(table, ['scry-syntactic php . . Illuminate/Database/Connection#table().']);
  });
});
