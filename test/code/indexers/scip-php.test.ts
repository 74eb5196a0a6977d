// scip-php when it is on PATH, on the Laravel-shaped app (test/fixtures/
// laravel-app) with Composer's vendor/ in place. scip-php cannot be
// installed here, so a stub stands in for it (see stub-scip-php.ts): it
// writes a real SCIP index, shaped as scip-php writes one (symbols
// `scip-php composer <package> <version> ...`, no enclosing ranges, no
// kinds, Document.language set to the number of its enum value), for three
// of the app's classes. Positions are found by text search in the fixture.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { create } from '@bufbuild/protobuf';
import Database from 'better-sqlite3';
import { buildIndex, type BuildOutcome } from '../../../daemon/code/build';
import { callers } from '../../../daemon/code/query/callers';
import { impact } from '../../../daemon/code/query/impact';
import { refs } from '../../../daemon/code/query/refs';
import { IndexSchema, type Index } from '../../../daemon/code/scip/gen/scip_pb';
import { CodeStore } from '../../../daemon/code/store/store';
import { compactQuery } from '../../../daemon/protocol';
import { envWithout, ROOT, tempDir } from '../../helpers';
import { stubScipPhp } from '../languages/stub-scip-php';

const APP = path.join(ROOT, 'test/fixtures/laravel-app');
const P = 'scip-php composer scry/laravel-app 4f2c9e1 ';
const GATEWAY = 'app/Services/PaymentGateway.php';
const SERVICE = 'app/Services/UserService.php';
const CONTROLLER = 'app/Http/Controllers/UserController.php';

/** [line, start column, end column] (0-based) of `word` on the first line of `file` matching `re`. */
function spot(file: string, re: RegExp, word: string): number[] {
  const lines = fs.readFileSync(path.join(APP, file), 'utf8').split('\n');
  const line = lines.findIndex((l) => re.test(l));
  const col = line < 0 ? -1 : lines[line]!.indexOf(word);
  if (col < 0) throw new Error(`no '${word}' on a line matching ${re} in ${file}`);
  return [line, col, col + word.length];
}

const def = (symbol: string, range: number[]) => ({ range, symbol: P + symbol, symbolRoles: 1 });
const ref = (symbol: string, range: number[]) => ({ range, symbol: P + symbol, symbolRoles: 0 });

/** What scip-php would write for PaymentGateway, UserService and UserController (the parts these tests read). */
function scipPhpIndex(repo: string): Index {
  return create(IndexSchema, {
    metadata: { version: 1, projectRoot: `file://${repo}`, toolInfo: { name: 'scip-php', version: '0.0.1' } },
    documents: [
      {
        relativePath: GATEWAY,
        language: '19',
        occurrences: [
          def('App/Services/PaymentGateway#', spot(GATEWAY, /^class PaymentGateway/, 'PaymentGateway')),
          def('App/Services/PaymentGateway#charge().', spot(GATEWAY, /function charge/, 'charge')),
        ],
        symbols: [{ symbol: `${P}App/Services/PaymentGateway#` }, { symbol: `${P}App/Services/PaymentGateway#charge().` }],
      },
      {
        relativePath: SERVICE,
        language: '19',
        occurrences: [
          def('App/Services/UserService#', spot(SERVICE, /^class UserService/, 'UserService')),
          def('App/Services/UserService#welcome().', spot(SERVICE, /function welcome/, 'welcome')),
          ref('App/Services/PaymentGateway#', spot(SERVICE, /new PaymentGateway/, 'PaymentGateway')),
          ref('App/Services/PaymentGateway#charge().', spot(SERVICE, /\$gateway->charge\(100\)/, 'charge')),
          ref('App/Services/PaymentGateway#charge().', spot(SERVICE, /return \$gateway->charge\(1\)/, 'charge')),
        ],
        symbols: [{ symbol: `${P}App/Services/UserService#` }, { symbol: `${P}App/Services/UserService#welcome().` }],
      },
      {
        relativePath: CONTROLLER,
        language: '19',
        occurrences: [
          def('App/Http/Controllers/UserController#', spot(CONTROLLER, /^class UserController/, 'UserController')),
          def('App/Http/Controllers/UserController#show().', spot(CONTROLLER, /function show/, 'show')),
          def('App/Http/Controllers/UserController#index().', spot(CONTROLLER, /function index/, 'index')),
          ref('App/Services/UserService#welcome().', spot(CONTROLLER, /->welcome\(/, 'welcome')),
          // A facade's static call names no method scip-php can find (Facade forwards it through __callStatic).
          ref('App/Facades/Payment#', spot(CONTROLLER, /Payment::charge\(500\)/, 'Payment')),
        ],
        symbols: [
          { symbol: `${P}App/Http/Controllers/UserController#` },
          { symbol: `${P}App/Http/Controllers/UserController#show().` },
          { symbol: `${P}App/Http/Controllers/UserController#index().` },
        ],
      },
    ],
  });
}

/** A copy of the app as Composer leaves it: vendor/autoload.php and vendor/composer/installed.php present. */
function installedApp(): string {
  const repo = fs.realpathSync(tempDir('scip-php-app'));
  fs.cpSync(APP, repo, { recursive: true });
  fs.mkdirSync(path.join(repo, 'vendor/composer'), { recursive: true });
  fs.writeFileSync(path.join(repo, 'vendor/autoload.php'), "<?php\nreturn require __DIR__ . '/composer/autoload_real.php';\n");
  fs.writeFileSync(
    path.join(repo, 'vendor/composer/installed.php'),
    "<?php return ['root' => ['name' => 'scry/laravel-app', 'reference' => '4f2c9e1'], 'versions' => []];\n",
  );
  return repo;
}

/** PATH without any real scip-php: what runs is the stub, or nothing. */
const PATH_WITHOUT_SCIP_PHP = envWithout('scip-php').PATH ?? '';

async function build(repo: string, stub?: string): Promise<{ out: BuildOutcome; store: CodeStore; languages: Map<string, string> }> {
  const work = tempDir('scip-php-work');
  const env = { ...process.env, PATH: stub ? `${stub}${path.delimiter}${PATH_WITHOUT_SCIP_PHP}` : PATH_WITHOUT_SCIP_PHP };
  const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: tempDir('scip-php-home'), env });
  const file = path.join(work, 'index.db');
  fs.renameSync(out.nextPath, file);
  const db = new Database(file, { readonly: true });
  const languages = new Map(
    (db.prepare('SELECT path, language FROM documents').all() as Array<{ path: string; language: string }>).map((d) => [d.path, d.language]),
  );
  db.close();
  return { out, store: new CodeStore(file), languages };
}

const phpFiles = (repo: string): string[] =>
  (fs.readdirSync(repo, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.php') && !f.startsWith('vendor/') && !f.startsWith('storage/framework/') && !f.startsWith('bootstrap/cache/'));

const line = (range: number[]): number => range[0]! + 1;

describe('scip-php on PATH', () => {
  it('runs in the repo root, its documents answer precisely, and Laravel edges and the files it does not read come from tree-sitter', async () => {
    const repo = installedApp();
    const { out, store, languages } = await build(repo, stubScipPhp(tempDir('stub-php'), scipPhpIndex(repo)));
    assert.equal(out.ingest.documents, phpFiles(repo).length);
    assert.deepEqual(
      out.indexers.map((r) => [r.language, r.indexer, r.status, r.file_count]),
      [
        ['php', 'scip-php', 'ok', 3],
        ['php', 'tree-sitter-php', 'ok', phpFiles(repo).length - 3],
      ],
    );
    assert.equal(fs.existsSync(path.join(repo, 'index.scip')), false, 'the index.scip scip-php wrote into the repo is removed once read');
    assert.equal(languages.get(GATEWAY), 'php', "scip-php's enum number is not recorded as a language");
    assert.equal(languages.get('resources/views/users/show.blade.php'), 'blade');

    // scip-php's symbol, with its own call sites (precise) and the facade call the syntactic reader adds (Payment resolves to PaymentGateway).
    const charge = refs(store, 'PaymentGateway::charge').matches;
    assert.deepEqual(
      charge.map((m) => m.symbol_id),
      [`${P}App/Services/PaymentGateway#charge().`],
    );
    const facadeCall = spot(CONTROLLER, /Payment::charge\(500\)/, 'charge');
    assert.deepEqual(
      charge[0]!.occurrences.map((o) => [o.file, o.line, o.is_definition, o.precision ?? 'precise']),
      [
        [GATEWAY, line(spot(GATEWAY, /function charge/, 'charge')), true, 'precise'],
        [SERVICE, line(spot(SERVICE, /\$gateway->charge\(100\)/, 'charge')), false, 'precise'],
        [SERVICE, line(spot(SERVICE, /return \$gateway->charge\(1\)/, 'charge')), false, 'precise'],
        [CONTROLLER, line(facadeCall), false, 'syntactic'],
      ],
    );
    // scip-php gives no enclosing ranges: tree-sitter's extents make the callers.
    const callerRows = callers(store, 'PaymentGateway::charge').matches.map((m) => [
      m.display_name,
      m.occurrences.map((o) => o.precision ?? 'precise').join(','),
    ]);
    assert.deepEqual(callerRows.sort(), [
      ['show', 'syntactic'],
      ['welcome', 'precise,precise'],
    ]);
    // Impact follows both kinds of edge, and says which is which.
    assert.deepEqual(
      impact(store, 'PaymentGateway::charge')
        .callers.map((e) => [e.display_name, e.precision ?? 'precise'])
        .sort(),
      [
        ['show', 'syntactic'],
        ['welcome', 'precise'],
      ],
    );
    // A match mixing both marks its syntactic lines, not its header.
    const asked = { elapsed_ms: 0, index: { indexed_at: 'now', status: 'ready' as const } };
    const compact = compactQuery({ ...asked, ...refs(store, 'PaymentGateway::charge', { lines: true }) }, 'refs');
    const marked = compact.split('\n').filter((l) => l.endsWith(' (syntactic)'));
    assert.deepEqual(
      marked.map((l) => l.trim().split(' ')[0]),
      [`${line(facadeCall)}:${facadeCall[1]! + 1}`],
      compact,
    );
    assert.doesNotMatch(
      compact.split('\n').find((l) => l.startsWith('# '))!,
      /syntactic/,
    );
    // The sites form marks the same site after its line number, on its file's line.
    const sites = compactQuery({ ...asked, ...refs(store, 'PaymentGateway::charge') }, 'refs');
    const siteMarks = [...sites.matchAll(/(\d+)(?: [a-z]+)? \(syntactic\)/g)];
    assert.deepEqual(
      siteMarks.map((m) => Number(m[1])),
      [line(facadeCall)],
      sites,
    );
    assert.ok(
      sites
        .split('\n')
        .find((l) => l.includes('(syntactic)'))!
        .includes(`${path.basename(CONTROLLER)}: `),
      sites,
    );
    assert.doesNotMatch(
      sites.split('\n').find((l) => l.startsWith('# '))!,
      /syntactic/,
    );
    // The facade's own method is Scry's: scip-php names nothing there.
    assert.deepEqual(
      refs(store, 'Payment::charge').matches.map((m) => [m.symbol_id, m.occurrences.map((o) => `${o.file}:${o.line}`)]),
      [['scry-syntactic php . . App/Facades/Payment#charge().', [`${CONTROLLER}:${line(facadeCall)}`]]],
    );

    // A config key named in a scip-php document, defined in config/ (a file scip-php does not read).
    const key = refs(store, 'services.stripe.key').matches.flatMap((m) => m.occurrences.map((o) => [o.file, o.is_definition, o.precision]));
    assert.deepEqual(key, [
      [CONTROLLER, false, 'syntactic'],
      ['config/services.php', true, 'syntactic'],
    ]);
    // A route named in routes/ and used in the controller (redirect()->route) and a view.
    const route = refs(store, 'users.index').matches.flatMap((m) => m.occurrences.map((o) => o.file));
    for (const file of [CONTROLLER, 'routes/web.php', 'resources/views/users/show.blade.php'])
      assert.ok(route.includes(file), `${file} in ${route.join(', ')}`);
    // Precise definitions stay precise.
    assert.deepEqual(
      refs(store, 'UserService::welcome', { definitionsOnly: true }).matches.map((m) => [m.symbol_id, m.occurrences[0]!.precision]),
      [[`${P}App/Services/UserService#welcome().`, undefined]],
    );
    store.close();
  });

  it('a scip-php that crashes mid-write is reported failed, and PHP is indexed by tree-sitter alone: nothing it half-wrote is kept', async () => {
    const repo = installedApp();
    const { out, store } = await build(repo, stubScipPhp(tempDir('stub-php-fail'), scipPhpIndex(repo), { fail: true }));
    assert.deepEqual(
      out.indexers.map((r) => [r.language, r.indexer, r.status]),
      [
        ['php', 'scip-php', 'failed'],
        ['php', 'tree-sitter-php', 'ok'],
      ],
    );
    const failed = out.indexers[0]!;
    assert.match(failed.error ?? '', /^indexer 'scip-php' failed on '.*' \(exit code 1\): PHP Fatal error: +Allowed memory size/);
    assert.ok(failed.remedy);
    assert.equal(out.indexers[1]!.file_count, phpFiles(repo).length);
    assert.equal(fs.existsSync(path.join(repo, 'index.scip')), false);
    const charge = refs(store, 'PaymentGateway::charge').matches;
    assert.deepEqual(
      charge.map((m) => m.symbol_id),
      ['scry-syntactic php . . App/Services/PaymentGateway#charge().'],
    );
    assert.ok(charge[0]!.occurrences.every((o) => o.precision === 'syntactic'));
    assert.equal(charge[0]!.occurrences.length, 4);
    store.close();
  });

  it("without scip-php on PATH, or without Composer's vendor/, or beside a user's own index.scip, says why and indexes with tree-sitter", async () => {
    const missing = await build(installedApp());
    assert.deepEqual(
      missing.out.indexers.map((r) => [r.indexer, r.status, r.error]),
      [
        ['scip-php', 'missing', 'scip-php is not on PATH'],
        ['tree-sitter-php', 'ok', undefined],
      ],
    );
    assert.match(missing.out.indexers[0]!.remedy ?? '', /davidrjenni\/scip-php/);
    missing.store.close();

    const bare = installedApp();
    fs.rmSync(path.join(bare, 'vendor'), { recursive: true });
    const noVendor = await build(bare, stubScipPhp(tempDir('stub-php-bare'), scipPhpIndex(bare)));
    assert.deepEqual(
      noVendor.out.indexers.map((r) => [r.indexer, r.status, r.error]),
      [
        ['scip-php', 'skipped', "scip-php needs Composer's install: the repo has no vendor/autoload.php"],
        ['tree-sitter-php', 'ok', undefined],
      ],
    );
    assert.match(noVendor.out.indexers[0]!.remedy ?? '', /composer install/);
    noVendor.store.close();

    const own = installedApp();
    fs.writeFileSync(path.join(own, 'index.scip'), "the user's own index\n");
    const kept = await build(own, stubScipPhp(tempDir('stub-php-own'), scipPhpIndex(own)));
    assert.deepEqual(
      kept.out.indexers.map((r) => [r.indexer, r.status]),
      [
        ['scip-php', 'skipped'],
        ['tree-sitter-php', 'ok'],
      ],
    );
    assert.equal(fs.readFileSync(path.join(own, 'index.scip'), 'utf8'), "the user's own index\n");
    kept.store.close();
  });
});
