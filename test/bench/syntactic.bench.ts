// The syntactic indexer: throughput (lines of code per second, whole build:
// parse, resolve, ingest, indexes) per language on the real sources the
// tests use (Elixir: the fixtures of test/code/syntactic/elixir.test.ts),
// and the time to index a generated ~70k-LOC Laravel-shaped app.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildIndex } from '../../daemon/code/build';
import { filesOf } from '../../daemon/code/syntactic/files';
import type { LanguageId } from '../../daemon/code/languages';
import { debianSources, npmPackage, unzipped, type Fetched } from '../code/syntactic/sources';
import { ms, table } from './stats';

const tmp = (p: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `scry-bench-${p}-`));

function linesOf(repo: string, language: LanguageId): number {
  let n = 0;
  for (const f of filesOf(repo, language)) n += fs.readFileSync(path.join(repo, f), 'utf8').split('\n').length;
  return n;
}

async function timeBuild(repo: string, env: NodeJS.ProcessEnv = process.env): Promise<{ ms: number; documents: number }> {
  const started = performance.now();
  const out = await buildIndex({ repo, workDir: tmp('work'), nodePath: process.execPath, home: tmp('home'), env });
  return { ms: performance.now() - started, documents: out.ingest.documents };
}

interface Corpus {
  language: LanguageId;
  what: string;
  root: () => Fetched;
}

const sub = (f: Fetched, rel: string): Fetched => ('root' in f ? { root: path.join(f.root, rel) } : f);

const CORPORA: Corpus[] = [
  {
    language: 'php',
    what: 'Laravel 8 framework (Debian php-illuminate-*)',
    root: () =>
      debianSources(
        [
          'php-laravel-framework',
          'php-illuminate-support',
          'php-illuminate-database',
          'php-illuminate-collections',
          'php-illuminate-contracts',
          'php-illuminate-container',
          'php-illuminate-macroable',
        ],
        'usr/share/php/Illuminate',
      ),
  },
  { language: 'ruby', what: 'rack + sinatra (Debian)', root: () => debianSources(['ruby-rack', 'ruby-sinatra'], 'usr/share/rubygems-integration/all/gems') },
  {
    language: 'rust',
    what: 'clap + regex (Debian librust-*-dev)',
    root: () => debianSources(['librust-clap-dev', 'librust-regex-dev'], 'usr/share/cargo/registry'),
  },
  {
    language: 'java',
    what: 'java.util (openjdk-17-source)',
    root: () => {
      const j = debianSources(['openjdk-17-source'], 'usr/lib/jvm/openjdk-17/lib');
      return 'root' in j ? sub(unzipped(path.join(j.root, 'src.zip'), 'java.base/java/util/*', 'java-util'), 'java.base') : j;
    },
  },
  { language: 'csharp', what: 'edge-cs (npm)', root: () => sub(npmPackage('edge-cs@1.2.1'), 'src') },
  { language: 'c', what: 'v4l2loopback driver (Debian)', root: () => debianSources(['v4l2loopback-dkms'], 'usr/src') },
  {
    language: 'cpp',
    what: "better-sqlite3's addon (npm)",
    root: () => ({ root: path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'src') }),
  },
  {
    language: 'go',
    what: 'pkg/errors (Debian), no scip-go',
    root: () => debianSources(['golang-github-pkg-errors-dev'], 'usr/share/gocode/src/github.com/pkg/errors'),
  },
  { language: 'elixir', what: 'Jason lib/ (test/fixtures)', root: () => ({ root: path.join(__dirname, '..', 'fixtures', 'elixir-jason') }) },
  { language: 'elixir', what: 'part of Plug lib/ (test/fixtures)', root: () => ({ root: path.join(__dirname, '..', 'fixtures', 'elixir-plug') }) },
  {
    language: 'elixir',
    what: 'LiveBeats lib/, a LiveView app (test/fixtures)',
    root: () => ({ root: path.join(__dirname, '..', 'fixtures', 'elixir-live-beats') }),
  },
];

/** A Laravel-shaped app of `modules` feature modules, each a model, contract, repository, service, controller, facade, config, lang file, views and routes. */
export function laravelApp(root: string, modules: number): void {
  const w = (file: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  w('composer.json', '{"name":"bench/app","autoload":{"psr-4":{"App\\\\":"app/"}}}\n');
  const routes: string[] = ['<?php', '', 'use Illuminate\\Support\\Facades\\Route;', ''];
  for (let i = 0; i < modules; i++) {
    const M = `Feature${i}`;
    const methods = (prefix: string, body: (k: number) => string): string =>
      Array.from(
        { length: 8 },
        (_, k) =>
          `    public function ${prefix}${k}(int $id, ?string $label = null): array\n    {\n${body(k)}\n        return ['id' => $id, 'label' => $label ?? '${M}'];\n    }\n`,
      ).join('\n');
    w(
      `app/Models/${M}.php`,
      `<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Model;\n\nclass ${M} extends Model\n{\n    protected $fillable = ['name', 'label'];\n\n${methods('attr', (k) => `        $value = $this->getAttribute('name');\n        $other = strtoupper((string) $value) . '${k}';`)}}\n`,
    );
    w(
      `app/Contracts/${M}Repository.php`,
      `<?php\n\nnamespace App\\Contracts;\n\ninterface ${M}Repository\n{\n${Array.from({ length: 8 }, (_, k) => `    public function find${k}(int $id, ?string $label = null): array;\n`).join('')}}\n`,
    );
    w(
      `app/Repositories/Eloquent${M}Repository.php`,
      `<?php\n\nnamespace App\\Repositories;\n\nuse App\\Contracts\\${M}Repository;\nuse App\\Models\\${M};\nuse Illuminate\\Support\\Facades\\{Cache, DB};\n\nclass Eloquent${M}Repository implements ${M}Repository\n{\n${methods('find', (k) => `        $rows = DB::table('${M.toLowerCase()}s')->where('id', $id)->get();\n        $cached = Cache::remember("${M}:{$id}:${k}", 60, fn () => (new ${M}())->attr${k}($id));`)}}\n`,
    );
    w(
      `app/Services/${M}Service.php`,
      `<?php\n\nnamespace App\\Services;\n\nuse App\\Contracts\\${M}Repository;\nuse App\\Services\\${i > 0 ? `Feature${i - 1}Service as Previous` : 'NullService as Previous'};\n\nclass ${M}Service\n{\n    public function __construct(private ${M}Repository $repo, private ?Previous $previous = null)\n    {\n    }\n\n${methods('handle', (k) => `        $found = $this->repo->find${k}($id, $label);\n        $this->previous?->handle${k}($id);\n        $limit = config('features.${M.toLowerCase()}.limit');`)}}\n`,
    );
    w(
      `app/Http/Controllers/${M}Controller.php`,
      `<?php\n\nnamespace App\\Http\\Controllers;\n\nuse App\\Services\\${M}Service;\nuse Illuminate\\Support\\Facades\\View;\n\nclass ${M}Controller extends Controller\n{\n    public function __construct(private ${M}Service $service)\n    {\n    }\n\n${Array.from({ length: 8 }, (_, k) => `    public function action${k}(int $id)\n    {\n        $data = $this->service->handle${k}($id);\n        session()->flash('status', __('${M.toLowerCase()}.saved'));\n        return View::make('${M.toLowerCase()}.show', ['data' => $data, 'back' => route('${M.toLowerCase()}.index')]);\n    }\n`).join('\n')}}\n`,
    );
    w(
      `resources/views/${M.toLowerCase()}/show.blade.php`,
      `@extends('layouts.app')\n\n@section('content')\n    <x-alert :message="__('${M.toLowerCase()}.saved')" />\n    <a href="{{ route('${M.toLowerCase()}.index') }}">{{ $data['label'] }}</a>\n    @include('${M.toLowerCase()}.partials.row', ['data' => $data])\n@endsection\n`,
    );
    w(
      `resources/views/${M.toLowerCase()}/partials/row.blade.php`,
      `<tr><td>{{ $data['id'] }}</td><td>{{ config('features.${M.toLowerCase()}.limit') }}</td></tr>\n`,
    );
    w(`lang/en/${M.toLowerCase()}.php`, `<?php\n\nreturn [\n    'saved' => 'Saved ${M}',\n    'deleted' => 'Deleted ${M}',\n];\n`);
    routes.push(`Route::get('/${M.toLowerCase()}', [App\\Http\\Controllers\\${M}Controller::class, 'action0'])->name('${M.toLowerCase()}.index');`);
  }
  w(
    'app/Services/NullService.php',
    `<?php\n\nnamespace App\\Services;\n\nclass NullService\n{\n${Array.from({ length: 8 }, (_, k) => `    public function handle${k}(int $id): array\n    {\n        return [];\n    }\n`).join('\n')}}\n`,
  );
  w('app/Http/Controllers/Controller.php', '<?php\n\nnamespace App\\Http\\Controllers;\n\nabstract class Controller\n{\n}\n');
  w('config/features.php', `<?php\n\nreturn [\n${Array.from({ length: modules }, (_, i) => `    'feature${i}' => ['limit' => ${i + 10}],\n`).join('')}];\n`);
  w('routes/web.php', `${routes.join('\n')}\n`);
  w('resources/views/layouts/app.blade.php', "<html><body>@yield('content')</body></html>\n");
  w('resources/views/components/alert.blade.php', '<div class="alert">{{ $message }}</div>\n');
}

export async function run(): Promise<void> {
  const rows: Array<Array<string | number>> = [];
  // Without scip-go the Go row measures the syntactic indexer, as the others do.
  const noScipGo = {
    ...process.env,
    PATH: (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((d) => !fs.existsSync(path.join(d, 'scip-go')))
      .join(path.delimiter),
    SCRY_SCIP_GO_URL: 'http://127.0.0.1:9/none',
  };
  for (const c of CORPORA) {
    const f = c.root();
    if ('skip' in f) {
      rows.push([c.language, c.what, '-', '-', '-', `skipped: ${f.skip}`]);
      continue;
    }
    const loc = linesOf(f.root, c.language);
    const t = await timeBuild(f.root, noScipGo);
    rows.push([c.language, c.what, t.documents, loc, ms(t.ms), `${Math.round(loc / (t.ms / 1000)).toLocaleString('en-US')} LOC/s`]);
  }
  table('Syntactic indexing throughput (whole build: parse, resolve, store)', ['language', 'corpus', 'files', 'LOC', 'build', 'throughput'], rows);

  const app = tmp('laravel70k');
  let modules = 0;
  // Grow the app in steps until it holds about 70k lines of PHP and Blade.
  while (linesOf(app, 'php') < 70_000) laravelApp(app, (modules += 20));
  const loc = linesOf(app, 'php');
  const t = await timeBuild(app);
  table(
    'A Laravel-shaped app',
    ['modules', 'files', 'LOC', 'build', 'throughput'],
    [[modules, t.documents, loc, ms(t.ms), `${Math.round(loc / (t.ms / 1000)).toLocaleString('en-US')} LOC/s`]],
  );
  await oracle();
}

/** PHP class references on the framework source against php-parser: precision and recall. */
export async function oracle(): Promise<void> {
  const { oracleReferences, scryReferences } = await import('./php-oracle');
  const framework = CORPORA[0]!.root();
  const engine = npmPackage('php-parser@3.7.0');
  if ('skip' in framework || 'skip' in engine) {
    console.log(`\nPHP oracle skipped: ${'skip' in framework ? framework.skip : 'skip' in engine ? engine.skip : ''}`);
    return;
  }
  const work = tmp('oracle');
  const out = await buildIndex({ repo: framework.root, workDir: work, nodePath: process.execPath, home: tmp('home') });
  const ours = scryReferences(out.nextPath);
  const theirs = oracleReferences(engine.root, framework.root, filesOf(framework.root, 'php'));
  let both = 0;
  for (const k of ours) if (theirs.has(k)) both++;
  table(
    'PHP class references vs php-parser (Laravel framework source; file, line, class)',
    ['scry', 'php-parser', 'both', 'precision', 'recall'],
    [[ours.size, theirs.size, both, `${((100 * both) / ours.size).toFixed(1)}%`, `${((100 * both) / theirs.size).toFixed(1)}%`]],
  );
}
