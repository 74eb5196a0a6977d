// Laravel's edges on a small Laravel-shaped app (test/fixtures/laravel-app):
// files outside PSR-4 paths, facades (built-in table, the app's own, and
// derived from vendor/ when the framework source is there), string
// references to views, config keys, routes and translations; and the PHP
// resolution rules the app exercises. Expected places are found by text
// search in the fixture, not by the indexer.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildIndex } from '../../../daemon/code/build';
import { callees } from '../../../daemon/code/query/callees';
import { callers } from '../../../daemon/code/query/callers';
import { impact } from '../../../daemon/code/query/impact';
import { impls } from '../../../daemon/code/query/impls';
import { refs } from '../../../daemon/code/query/refs';
import { CodeStore } from '../../../daemon/code/store/store';
import { formatImpact, formatQuery } from '../../../daemon/cli/format';
import { compactImpact, compactQuery } from '../../../daemon/protocol';
import { envWithout, lineOf, ROOT, tempDir } from '../../helpers';
import { debianSources } from './sources';

const APP = path.join(ROOT, 'test/fixtures/laravel-app');
const S = 'scry-syntactic php . . ';

type Occ = { file: string; line: number; column: number; is_definition: boolean; is_call?: boolean; containing_symbol: string | null };

async function indexOf(repo: string): Promise<CodeStore> {
  const work = tempDir('laravel-work');
  // Without scip-php (the build says so), tree-sitter-php indexes PHP: these tests are about that reader.
  const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: tempDir('laravel-home'), env: envWithout('scip-php') });
  assert.deepEqual(
    out.indexers.map((r) => [r.language, r.indexer, r.status]),
    [
      ['php', 'scip-php', 'missing'],
      ['php', 'tree-sitter-php', 'ok'],
    ],
  );
  fs.renameSync(out.nextPath, path.join(work, 'index.db'));
  return new CodeStore(path.join(work, 'index.db'));
}

const at = (file: string, re: RegExp, root = APP): string => `${file}:${lineOf(path.join(root, file), re)}`;
const places = (os: Occ[]): string[] => os.map((o) => `${o.file}:${o.line}`).sort();
const occurrencesOf = (store: CodeStore, name: string, defs = false): Occ[] =>
  refs(store, name, { definitionsOnly: defs }).matches.flatMap((m) => m.occurrences);
// A facade call is a use of the facade's method and of the backing class's at one position: one merged match, the other symbols in `also`.
const ids = (store: CodeStore, name: string): string[] =>
  refs(store, name)
    .matches.flatMap((m) => [m.symbol_id, ...(m.also ?? [])])
    .map((id) => id.replace(S, ''));

describe('Laravel app', () => {
  let store: CodeStore;
  before(async () => {
    store = await indexOf(APP);
  });

  it("indexes routes/, config/, database/ and bootstrap/; X::class there binds through the file's use statements", () => {
    const controller = places(occurrencesOf(store, 'UserController'));
    assert.ok(controller.includes(at('routes/web.php', /^Route::get\('\/users',/)), controller.join('\n'));
    const service = places(occurrencesOf(store, 'UserService'));
    assert.ok(service.includes(at('bootstrap/app.php', /UserService::class/)));
    const provider = places(occurrencesOf(store, 'AppServiceProvider'));
    assert.ok(provider.includes(at('config/app.php', /AppServiceProvider::class,/)));
    const repo = places(occurrencesOf(store, 'UserRepository::count'));
    assert.ok(repo.includes(at('database/seeders/DatabaseSeeder.php', /\$repo->count\(\)/)), repo.join('\n'));
    const migration = 'database/migrations/2024_01_01_000000_create_users_table.php';
    assert.ok(places(occurrencesOf(store, 'Schema::create')).includes(at(migration, /Schema::create\('users'/)));
    assert.ok(places(occurrencesOf(store, 'Blueprint')).includes(at(migration, /function \(Blueprint \$table\)/)));
    assert.ok(places(occurrencesOf(store, 'Migration')).includes(at(migration, /return new class extends Migration/)));
    // A route action [UserController::class, 'show'] refers to the method.
    const show = places(occurrencesOf(store, 'UserController::show'));
    assert.ok(show.includes(at('routes/web.php', /'show'\]/)), show.join('\n'));
  });

  it("leaves out Laravel's compiled views and cached config, which repeat the source", () => {
    const files = new Set(
      [...occurrencesOf(store, 'messages.welcome'), ...occurrencesOf(store, 'users.index'), ...occurrencesOf(store, 'services.stripe.key')].map((o) => o.file),
    );
    assert.ok(![...files].some((f) => f.startsWith('storage/') || f.startsWith('bootstrap/cache/')), [...files].join('\n'));
  });

  it('facades: DB::table answers the facade call sites, DatabaseManager::table includes them (built-in table, aliases, `use ... as`)', () => {
    const expected = [
      at('app/Http/Controllers/UserController.php', /DB::table\('users'\)/),
      at('app/Repositories/UserRepository.php', /Database::table\('users'\)/),
      at('routes/web.php', /DB::table\('users'\)/),
    ].sort();
    assert.deepEqual(ids(store, 'DB::table'), ['Illuminate/Support/Facades/DB#table().']);
    assert.deepEqual(places(occurrencesOf(store, 'DB::table')), expected);
    assert.deepEqual(places(occurrencesOf(store, 'DatabaseManager::table')), expected);
    assert.ok(occurrencesOf(store, 'DB::table').every((o) => o.is_call));
  });

  it("facades: the app's own facade resolves through its accessor's container binding", () => {
    const site = at('app/Http/Controllers/UserController.php', /Payment::charge\(500\)/);
    assert.deepEqual(places(occurrencesOf(store, 'Payment::charge')), [site]);
    const backing = occurrencesOf(store, 'PaymentGateway::charge');
    assert.ok(places(backing).includes(site), places(backing).join('\n'));
    const callerNames = callers(store, 'PaymentGateway::charge')
      .matches.map((m) => m.display_name)
      .sort();
    assert.deepEqual(callerNames, ['show', 'welcome']);
  });

  it('views: view(), View::make, Route::view, @extends, @include and <x-component> refer to the template, defined by its file', () => {
    assert.deepEqual(
      places(occurrencesOf(store, 'users.show', true)).sort(),
      ['resources/views/users/show.blade.php:1', at('routes/web.php', /->name\('users.show'\)/)].sort(),
    );
    const layout = places(occurrencesOf(store, 'layouts.app'));
    assert.deepEqual(layout, [
      'resources/views/layouts/app.blade.php:1',
      'resources/views/pages/about.blade.php:1',
      'resources/views/users/index.blade.php:1',
      'resources/views/users/show.blade.php:1',
    ]);
    assert.ok(places(occurrencesOf(store, 'users.index')).includes(at('app/Http/Controllers/UserController.php', /View::make\('users.index'/)));
    assert.ok(places(occurrencesOf(store, 'pages.about')).includes(at('routes/web.php', /Route::view/)));
    assert.ok(places(occurrencesOf(store, 'users.partials.card')).includes(at('resources/views/users/show.blade.php', /@include\('users.partials.card'/)));
    assert.deepEqual(places(occurrencesOf(store, 'components.alert')), [
      'resources/views/components/alert.blade.php:1',
      at('resources/views/users/show.blade.php', /<x-alert/),
    ]);
  });

  it('config keys: config() and Config::get refer to the key, defined at its line in config/', () => {
    assert.deepEqual(places(occurrencesOf(store, 'services.stripe.key', true)), [at('config/services.php', /'key' =>/)]);
    assert.ok(places(occurrencesOf(store, 'services.stripe.key')).includes(at('app/Http/Controllers/UserController.php', /config\('services.stripe.key'\)/)));
    assert.ok(
      places(occurrencesOf(store, 'services.stripe.secret')).includes(at('app/Http/Controllers/UserController.php', /Config::get\('services.stripe.secret'\)/)),
    );
    assert.deepEqual(places(occurrencesOf(store, 'services.stripe', true)), [at('config/services.php', /'stripe' =>/)]);
    assert.ok(places(occurrencesOf(store, 'app.name')).includes(at('resources/views/layouts/app.blade.php', /config\('app.name'\)/)));
  });

  it('routes: route() and redirect()->route() refer to the route whose ->name() defines it', () => {
    const index = occurrencesOf(store, 'users.index');
    assert.ok(places(index.filter((o) => o.is_definition)).includes(at('routes/web.php', /->name\('users.index'\)/)));
    for (const use of [
      at('app/Http/Controllers/UserController.php', /redirect\(\)->route/),
      at('resources/views/users/show.blade.php', /route\('users.index'\)/),
    ]) {
      assert.ok(places(index).includes(use), use);
    }
  });

  it("route groups: ->name('admin.')->group() and Route::group(['as' => ...]) prefix the names inside, and name no route themselves", () => {
    assert.deepEqual(places(occurrencesOf(store, 'admin.users.index', true)), [at('routes/web.php', /^    Route::get\('\/users',.*->name\('users.index'\)/)]);
    assert.ok(places(occurrencesOf(store, 'admin.users.index')).includes(at('resources/views/users/admin.blade.php', /route\('admin.users.index'\)/)));
    assert.deepEqual(places(occurrencesOf(store, 'api.stats', true)), [at('routes/web.php', /->name\('stats'\)/)]);
    assert.deepEqual(store.symbolsNamed('admin.'), []);
    // The group's inner route does not define the unprefixed name.
    assert.deepEqual(places(occurrencesOf(store, 'users.index', true)), [
      'resources/views/users/index.blade.php:1',
      at('routes/web.php', /^Route::get\('\/users',/),
    ]);
  });

  it('translations: __(), @lang and trans() refer to the lang file key', () => {
    assert.deepEqual(places(occurrencesOf(store, 'messages.welcome', true)), [at('lang/en/messages.php', /'welcome' =>/)]);
    const uses = places(occurrencesOf(store, 'messages.welcome').filter((o) => !o.is_definition));
    assert.deepEqual(
      uses,
      [
        at('app/Http/Controllers/UserController.php', /__\('messages.welcome'\)/),
        at('resources/views/users/show.blade.php', /__\('messages.welcome'\)/),
      ].sort(),
    );
    assert.ok(places(occurrencesOf(store, 'messages.back')).includes(at('resources/views/users/show.blade.php', /@lang\('messages.back'\)/)));
  });

  it("receivers: promoted ctor params, typed properties, nullsafe, new X, closures' use, self::/static::; untyped stays unresolved", () => {
    const svc = 'app/Services/UserService.php';
    const find = places(occurrencesOf(store, 'UserRepositoryContract::find'));
    assert.ok(find.includes(at(svc, /\$this->users->find/)), find.join('\n'));
    assert.ok(places(occurrencesOf(store, 'Mailer::send')).includes(at(svc, /\$this->mailer\?->send/)));
    const charge = places(occurrencesOf(store, 'PaymentGateway::charge'));
    assert.ok(charge.includes(at(svc, /\$gateway->charge\(100\)/)));
    assert.ok(charge.includes(at(svc, /return \$gateway->charge\(1\)/)));
    const log = occurrencesOf(store, 'UserService::log').filter((o) => !o.is_definition);
    assert.deepEqual(places(log), [at(svc, /self::log/), at(svc, /static::log/)].sort());
    // $untyped->find() is not Mailer::find or the contract's find.
    const untyped = at(svc, /\$untyped->find/);
    assert.ok(!places(occurrencesOf(store, 'Mailer::find')).includes(untyped));
    assert.ok(!find.includes(untyped));
    assert.ok(ids(store, 'find').includes('unresolved/find().'));
    // `use function` imports a function; an aliased interface import (`as Users`) resolves.
    assert.ok(places(occurrencesOf(store, 'format_name')).includes(at(svc, /return format_name/)));
  });

  it('the multibyte interpolated string keeps later columns right', () => {
    const svc = 'app/Services/UserService.php';
    const line =
      fs
        .readFileSync(path.join(APP, svc), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('welcome → {$user->name}')) + 1;
    const name = refs(store, 'name')
      .matches.flatMap((m) => m.occurrences)
      .find((o) => o.file === svc && o.line === line);
    const text = fs.readFileSync(path.join(APP, svc), 'utf8').split('\n')[line - 1]!;
    assert.equal(name?.column, text.indexOf('->name') + 3);
    assert.equal(
      occurrencesOf(store, 'UserService::log').some((o) => o.line === line && o.is_call),
      true,
    );
  });

  it('impls: interfaces, traits, abstract bases', () => {
    assert.deepEqual(
      impls(store, 'UserRepositoryContract').matches.map((m) => m.symbol_id.replace(S, '')),
      ['App/Repositories/UserRepository#'],
    );
    assert.deepEqual(
      impls(store, 'UserRepositoryContract::find').matches.map((m) => m.symbol_id.replace(S, '')),
      ['App/Repositories/UserRepository#find().'],
    );
    assert.deepEqual(
      impls(store, 'Auditable').matches.map((m) => m.symbol_id.replace(S, '')),
      ['App/Models/User#'],
    );
    assert.deepEqual(
      impls(store, 'Controller').matches.map((m) => m.symbol_id.replace(S, '')),
      ['App/Http/Controllers/UserController#'],
    );
  });

  it('callers, callees and impact rows say they are syntactic, and so do their compact and human forms', () => {
    const callerSites = callers(store, 'PaymentGateway::charge').matches.flatMap((m) => m.occurrences);
    assert.ok(callerSites.length >= 3);
    assert.deepEqual([...new Set(callerSites.map((o) => o.precision))], ['syntactic']);
    const called = callees(store, 'UserService::welcome').matches;
    assert.ok(
      called.some((m) => m.display_name === 'charge'),
      called.map((m) => m.display_name).join(', '),
    );
    assert.deepEqual([...new Set(called.flatMap((m) => m.occurrences.map((o) => o.precision)))], ['syntactic']);
    const hit = impact(store, 'PaymentGateway::charge');
    assert.deepEqual(hit.callers.map((e) => [e.display_name, e.precision]).sort(), [
      ['show', 'syntactic'],
      ['welcome', 'syntactic'],
    ]);
    const find = impact(store, 'UserRepositoryContract::find');
    assert.deepEqual(
      find.implementations.map((e) => [e.display_name, e.file, e.precision]),
      [['find', 'app/Repositories/UserRepository.php', 'syntactic']],
    );

    const freshness = { indexed_at: 'now', status: 'ready' as const };
    const asked = { elapsed_ms: 0, index: freshness };
    // Both forms: the sites form (one listing of the callers, one header) and, with lines, a header per caller.
    for (const [lines, least] of [
      [false, 1],
      [true, 2],
    ] as const) {
      const compact = compactQuery({ ...asked, ...callers(store, 'PaymentGateway::charge', { lines }) }, 'callers');
      const headers = compact.split('\n').filter((l) => l.startsWith('# '));
      assert.ok(headers.length >= least && headers.every((h) => h.endsWith(' · syntactic')), compact);
      assert.doesNotMatch(compact, /\(syntactic\)/, 'an all-syntactic answer says so once, in its header');
    }
    assert.match(compactImpact({ ...hit, elapsed_ms: 0, index: freshness }), /^  welcome method app\/Services\/UserService\.php:\d+ \(syntactic\)$/m);
    assert.match(formatImpact({ ...hit, elapsed_ms: 0, index: freshness }), /^  welcome  method  app\/Services\/UserService\.php:\d+  \(syntactic\)$/m);
    assert.match(
      formatQuery({ ...asked, ...callers(store, 'PaymentGateway::charge') }, 'callers'),
      /^welcome  method  App\/Services\/UserService#welcome\(\)  \(syntactic\)$/m,
    );
  });
});

const facades = debianSources(['php-illuminate-support'], 'usr/share/php/Illuminate/Support/Facades');
const noFacades = 'skip' in facades ? facades.skip : false;

describe('Laravel app with the framework in vendor/', { skip: noFacades }, () => {
  it("derives facades from vendor/'s source: a facade missing from the built-in table resolves through its @see", async () => {
    const repo = tempDir('laravel-vendor');
    fs.cpSync(APP, repo, { recursive: true });
    const dir = path.join(repo, 'vendor/laravel/framework/src/Illuminate/Support/Facades');
    fs.cpSync('root' in facades ? facades.root : '', dir, { recursive: true });
    fs.writeFileSync(
      path.join(repo, 'app/Support/Parallel.php'),
      '<?php\n\nnamespace App\\Support;\n\nuse Illuminate\\Support\\Facades\\ParallelTesting;\n\nfunction token()\n{\n    return ParallelTesting::token();\n}\n',
    );
    const store = await indexOf(repo);
    const symbols = ids(store, 'ParallelTesting::token');
    assert.ok(symbols.includes('Illuminate/Testing/ParallelTesting#token().'), symbols.join('\n'));
    // vendor/ informs resolution but is not indexed.
    assert.deepEqual(refs(store, 'ParallelTesting', { definitionsOnly: true }).matches, []);
    assert.deepEqual(places(occurrencesOf(store, 'DatabaseManager::table')).length, 3);
  });
});
