import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstClause, intro, parseCommand, usage, UsageError } from '../../daemon/cli/args';
import { parseFlags } from '../../daemon/cli/flags';
import { FORMATTERS, formatQuery, formatSearch, readableSymbol } from '../../daemon/cli/format';
import { allCliMethods, CODE_CLI_METHODS } from '../../daemon/cli/methods';
const CLI_METHODS = allCliMethods();
import * as path from 'node:path';
import * as P from '../../daemon/protocol';
import { fieldsOf, type FieldInfo } from '../../daemon/protocol/method';

describe('parseCommand', () => {
  it('parses a query with options', () => {
    const cmd = parseCommand(['refs', 'mergeMap', '--repo', '/r', '--limit', '5', '--json']);
    assert.equal(cmd.method, P.Refs);
    assert.equal(cmd.spec?.method, 'code/refs');
    assert.deepEqual(
      { ...cmd, method: undefined, spec: undefined },
      {
        name: 'refs',
        method: undefined,
        spec: undefined,
        arg: 'mergeMap',
        repo: '/r',
        format: 'json',
        json: true,
        params: { limit: 5 },
        force: false,
        foreground: false,
        uninstall: false,
        dryRun: false,
        yes: false,
      },
    );
  });
  it('takes --format compact|json|human, --budget and --offset (0 included)', () => {
    assert.equal(parseCommand(['refs', 'f', '--format', 'compact']).format, 'compact');
    assert.equal(parseCommand(['refs', 'f', '--format', 'human']).format, 'human');
    assert.equal(parseCommand(['refs', 'f']).format, undefined, 'no flag: the CLI picks by whether stdout is a terminal');
    assert.deepEqual(parseCommand(['refs', 'f', '--budget', '4000', '--offset', '0']).params, { budget: 4000, offset: 0 });
    assert.deepEqual(parseCommand(['callers', 'f', '--offset', '40']).params, { offset: 40 });
  });
  it('search, symbols and impact take --limit, --budget and --offset from their declarations', () => {
    assert.deepEqual(parseCommand(['search', 'ord', '--limit', '5', '--budget', '900', '--offset', '0']).params, { limit: 5, budget: 900, offset: 0 });
    assert.deepEqual(parseCommand(['symbols', 'src/a.ts', '--limit', '3', '--offset', '6']).params, { limit: 3, offset: 6 });
    assert.deepEqual(parseCommand(['impact', 'f', '--budget', '2000', '--offset', '12', '--depth', '2']).params, { budget: 2000, offset: 12, depth: 2 });
  });
  it('treats no arguments as the first-run intro and --help as help', () => {
    assert.equal(parseCommand([]).name, 'intro');
    assert.equal(parseCommand(['--help']).name, 'help');
  });
  it('the intro names three commands a new user wants, each one the CLI really runs', () => {
    const commands = [...intro().matchAll(/^ {2}(?:cd \S+ && )?(scry [^ ]+(?: [A-Z]+)?)/gm)].map((m) => m[1]!);
    assert.deepEqual(commands, ['scry index', 'scry refs NAME', 'scry setup']);
    for (const c of commands)
      assert.equal(
        parseCommand(
          c
            .split(' ')
            .slice(1)
            .map((w) => (w === 'NAME' ? 'x' : w)),
        ).name,
        c.split(' ')[1],
      );
  });
  const bad: Array<[string[], RegExp]> = [
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['refs'], /needs a symbol name/],
    [['search'], /needs a pattern/],
    [['impact', 'x', '--depth', '0'], /invalid --depth '0': expected a whole number from 1 to 10/],
    [['impact', 'x', '--depth', '11'], /invalid --depth '11': expected a whole number from 1 to 10/],
    [['hook', 'pretool'], /unknown hook 'pretool': expected scry hook pretooluse, posttooluse, session-end or cline-task-complete/],
    [['refs', 'a', 'b'], /unexpected argument 'b'/],
    [['refs', 'a', '--limit', '0'], /invalid --limit '0': expected a positive whole number/],
    [['refs', 'a', '--format', 'yaml'], /invalid --format 'yaml': expected one of compact, json, human/],
    [['refs', 'a', '--offset=-1'], /invalid --offset '-1'/],
    [['search', 'a', '--budget', '0'], /invalid --budget '0': expected a positive whole number/],
    [['symbols', 'a.ts', '--offset', '2.5'], /invalid --offset '2.5': expected a whole number/],
    [['impact', 'a', '--budget=-100'], /invalid --budget '-100'/],
    [['refs', 'a', '--bogus'], /bogus/],
    [['refs', 'a', '--depth', '2'], /scry refs does not take --depth/],
    [['stop', '--limit', '2'], /scry stop does not take --limit/],
  ];
  for (const [argv, re] of bad)
    it(`rejects ${argv.join(' ')}`, () =>
      assert.throws(
        () => parseCommand(argv),
        (e: unknown) => e instanceof UsageError && re.test(e.message),
      ));
});

describe('the command table comes from the method declarations', () => {
  it('is every declared method with a cli spec, in declaration order (the code table is its prefix)', () => {
    assert.deepEqual(
      CLI_METHODS.map((m) => m.method),
      P.ALL_METHODS.filter((m) => m.cli !== undefined).map((m) => m.method),
    );
    assert.deepEqual(CLI_METHODS.slice(0, CODE_CLI_METHODS.length), CODE_CLI_METHODS);
    assert.ok(CODE_CLI_METHODS.every((m) => m.cli!.group !== 'memory') && CLI_METHODS.some((m) => m.cli!.group === 'memory'));
  });
  it('a code command names the memory flag it does not take', () => {
    assert.throws(() => parseCommand(['refs', 'x', '--source', 'claude']), /scry refs does not take --source/);
  });
  it('every method with a cli spec is a command with a terminal formatter and its params as flags', () => {
    assert.ok(CLI_METHODS.length >= 10);
    for (const m of CLI_METHODS) {
      assert.ok(FORMATTERS[m.method], `no formatter for ${m.method}`);
      const c = m.cli!;
      const required = P.fieldsOf(m.params).filter((f) => !f.optional && f.name !== 'repo' && f.name !== c.arg?.field && f.name !== c.arg2?.field);
      const argv = [
        ...c.command.split(' '),
        ...(c.arg?.required ? ['x'] : []),
        ...(c.arg2?.required ? ['y'] : []),
        ...required.flatMap((f) => [`--${f.name.replace(/_/g, '-')}`, f.choices?.[0] ?? 'x']),
      ];
      assert.equal(parseCommand(argv).method, m, c.command);
      if (required.length > 0) assert.throws(() => parseCommand(c.command.split(' ')), new RegExp(`needs --${required[0]!.name}`));
    }
    const callers = parseCommand(['callers', 'f', '--all-refs', '--limit', '3']);
    assert.deepEqual(callers.params, { all_refs: true, limit: 3 });
    assert.deepEqual(parseCommand(['index', '--scip', 'a.scip', '--force']).params, { scip: 'a.scip', force: true });
    assert.deepEqual(parseCommand(['memory', 'ingest', '--source', 'codex', '--path', 'p']).params, { source: 'codex', path: 'p' });
    // Source ids come from the daemon's source registry: the daemon refuses an unknown one, naming those it reads (test/memory/daemon.test.ts).
    assert.deepEqual(parseCommand(['memory', 'ingest', '--source', 'emacs', '--path', 'p']).params, { source: 'emacs', path: 'p' });
    assert.throws(() => parseCommand(['memory']), /scry memory needs a subcommand: ingest, sweep, retry, status/);
  });

  it('memory commands: two positionals for path, a repeatable --entity, enums and numbers checked', () => {
    const p = parseCommand(['memory', 'path', 'hermes', 'web-2', '--max-depth', '3']);
    assert.equal(p.method, P.MemoryPath);
    assert.equal(p.arg, 'hermes');
    assert.deepEqual(p.params, { to: 'web-2', max_depth: 3 });
    assert.throws(() => parseCommand(['memory', 'path', 'hermes']), /scry memory path needs two entity names/);
    assert.throws(() => parseCommand(['memory', 'path', 'a', 'b', 'c']), /unexpected argument 'c'/);
    const r = parseCommand(['memory', 'remember', 'the API runs on web-2', '--entity', 'hermes-api', '--entity', 'machine:web-2']);
    assert.deepEqual(r.params, { entity: ['hermes-api', 'machine:web-2'] });
    assert.deepEqual(parseCommand(['memory', 'remember', 'x', '--entity', 'one']).params, { entity: ['one'] });
    assert.deepEqual(parseCommand(['memory', 'recall', 'where is it', '--as-of', '2025-01-01', '--limit', '2']).params, { as_of: '2025-01-01', limit: 2 });
    assert.throws(() => parseCommand(['memory', 'entities', '--type', 'spaceship']), /invalid --type 'spaceship': expected one of project, service/);
    assert.deepEqual(parseCommand(['memory', 'graph', '--around', 'hermes', '--depth', '2', '--limit', '50', '--cursor', '50']).params, {
      around: 'hermes',
      depth: 2,
      limit: 50,
      cursor: '50',
    });
    assert.deepEqual(parseCommand(['memory', 'orient', '--hook']).params, { hook: true });
    assert.equal(parseCommand(['hook', 'session-end']).arg, 'session-end');
    assert.throws(() => parseCommand(['memory', 'recall']), /needs a name or a question/);
  });
});

describe('formatQuery', () => {
  it('groups occurrences by file and marks definitions', () => {
    const text = formatQuery(
      {
        symbol: 'f',
        total: 2,
        elapsed_ms: 0.1,
        index: { indexed_at: 't', status: 'ready' },
        matches: [
          {
            symbol_id: 'x f().',
            display_name: 'f',
            kind: 'function',
            occurrences: [
              {
                file: 'a.ts',
                line: 1,
                column: 17,
                end_line: 1,
                end_column: 18,
                context: 'export function f() {}',
                containing_symbol: null,
                is_definition: true,
              },
              { file: 'b.ts', line: 3, column: 1, end_line: 3, end_column: 2, context: 'f();', containing_symbol: 'g', is_definition: false },
            ],
          },
        ],
      },
      false,
    );
    const lines = text.split('\n');
    assert.equal(lines[0], 'f  function  a.ts:1', 'the header names where it is defined, not the SCIP id');
    assert.equal(lines[1], '  a.ts');
    assert.match(lines[2]!, /^\s+1:17\s+def\s+export function f\(\) \{\}$/);
    assert.equal(lines[3], '  b.ts');
    assert.match(lines[4]!, /3:1 .*f\(\);\s+\[g\]$/);
    assert.match(lines[5]!, /^2 refs in 2 files · 1 symbol/);
  });
  it('names a symbol defined outside the repo by its package and descriptors', () => {
    assert.equal(readableSymbol('scip-typescript npm typescript 5.9.3 lib/`lib.dom.d.ts`/Array#map().'), 'typescript: lib/lib.dom.d.ts/Array#map()');
    assert.equal(readableSymbol('scip-python python my  pkg 1.0 mod/f().'), 'my pkg: mod/f()');
    assert.equal(readableSymbol('scip-typescript npm . . `a.ts`/x.'), 'a.ts/x');
    assert.equal(readableSymbol('local 4'), 'local 4');
  });
  it('says there is no such symbol and suggests the closest names', () => {
    const text = formatQuery(
      {
        symbol: 'procesOrder',
        total: 0,
        elapsed_ms: 0,
        matches: [],
        index: { indexed_at: 't', status: 'ready' },
        suggestions: [
          { name: 'processOrder', kind: 'function', file: 'src/orders.ts', line: 42 },
          { name: 'processOrders', kind: 'method', file: null, line: null },
        ],
      },
      false,
    );
    assert.equal(text, "no symbol 'procesOrder'; did you mean processOrder (function, src/orders.ts:42), or processOrders (method)?\n");
    assert.equal(
      P.compactQuery({ symbol: 'zz', total: 0, elapsed_ms: 0, matches: [], index: { indexed_at: 't', status: 'ready' }, suggestions: [] }),
      "no symbol 'zz' in this index, and no name close to it\n",
    );
  });
  it('says when nothing matched', () => {
    assert.match(
      formatQuery({ symbol: 'zz', total: 0, elapsed_ms: 0, matches: [], index: { indexed_at: 't', status: 'partial' } }, true),
      /no definitions of 'zz' \(index partial/,
    );
  });
});

describe('formatSearch', () => {
  it('keeps its columns in line whatever the length of the names', () => {
    const hit = (name: string, kind: string): P.SearchHit => ({
      symbol_id: name,
      display_name: name,
      qualified_name: `m.${name}`,
      kind,
      file: 'a.ts',
      line: 1,
      column: 1,
      score: 1,
    });
    const lines = formatSearch({
      pattern: 'x',
      results: [hit('x', 'function'), hit('xAVeryLongNameLongerThanTwentyEight', 'type_alias')],
      total: 2,
      elapsed_ms: 0,
      index: { indexed_at: 't', status: 'ready' },
    }).split('\n');
    assert.equal(lines[0]!.indexOf('a.ts'), lines[1]!.indexOf('a.ts'));
    assert.equal(lines[0]!.indexOf('function'), lines[1]!.indexOf('type_alias'));
  });
});

describe('usage', () => {
  it('cuts a description at the end of its first clause only', () => {
    assert.equal(
      firstClause('Entities it is about, `type:name` giving a type (e.g. `machine:web-2`). More.'),
      'entities it is about, `type:name` giving a type (e.g. `machine:web-2`)',
    );
    assert.equal(firstClause('Centre entity (default: the most recent ones): more'), 'centre entity (default: the most recent ones)');
    assert.equal(firstClause('One; two'), 'one');
  });
  it('never runs a command into its help', () => {
    for (const l of usage()
      .split('\n')
      .filter((x) => x.startsWith('  '))) {
      if (/^ {2}\S/.test(l)) assert.match(l, /^ {2}\S.*?( {2,}\S|$)/, `a gap between the command and its help: ${l}`);
    }
    assert.match(usage(), /\n {2}scry memory invalidate FACT_ID\n {30}mark fact FACT_ID/);
  });
});

describe('the CLI bundle reads declarations through its zod shim', () => {
  // dist/cli-full.js and dist/direct.js alias zod/mini to daemon/protocol/zod-shim.ts;
  // the flags, kinds and bounds the CLI checks must be the ones real zod declares.
  it('gives every CLI method the same fields, kinds and bounds as real zod/mini', async () => {
    const { build } = await import('esbuild');
    const root = path.join(__dirname, '..', '..');
    const out = await build({
      stdin: {
        contents:
          "import { allCliMethods } from './daemon/cli/methods'; import { fieldsOf } from './daemon/protocol/method'; export const fields = allCliMethods().map((m) => [m.method, fieldsOf(m.params)]);",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      logLevel: 'silent',
      alias: { 'zod/mini': './daemon/protocol/zod-shim.ts', 'vscode-jsonrpc': './daemon/cli/jsonrpc-shim.ts' },
    });
    const mod = { exports: {} as { fields?: Array<[string, FieldInfo[]]> } };
    new Function('module', 'exports', 'require', out.outputFiles[0]!.text)(mod, mod.exports, require);
    const real = CLI_METHODS.map((m) => [m.method, fieldsOf(m.params)]);
    assert.ok(
      real.some(([, fs]) => (fs as FieldInfo[]).some((f) => f.max !== undefined)),
      'some declaration has an upper bound (impact --depth)',
    );
    assert.deepEqual(mod.exports.fields, real);
  });
});

describe('parseFlags', () => {
  const options = {
    limit: { type: 'string' },
    json: { type: 'boolean' },
    entity: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
    yes: { type: 'boolean', short: 'y' },
  } as const;
  it('reads values both ways, repeats, grouped shorts and what follows --', () => {
    assert.deepEqual(parseFlags(['refs', '--limit', '5', 'x', '--json', '--entity=a', '--entity', 'b', '-hy', '--', '--not-a-flag', '-x'], options), {
      values: { limit: '5', json: true, entity: ['a', 'b'], help: true, yes: true },
      positionals: ['refs', 'x', '--not-a-flag', '-x'],
    });
    assert.deepEqual(parseFlags(['--limit', '-1', '-'], options).values, { limit: '-1' }, 'a value may start with one dash; - alone is an argument');
    assert.deepEqual(parseFlags(['--limit', '2', '--limit', '3'], options).values, { limit: '3' }, 'the last of a single-valued flag wins');
  });
  const bad: Array<[string[], RegExp]> = [
    [['--bogus'], /^unknown option '--bogus'/],
    [['-x'], /^unknown option '-x'/],
    [['-hx'], /^unknown option '-x'/],
    [['--limit'], /^--limit needs a value$/],
    [['--limit', '--json'], /^--limit needs a value$/],
    [['--json=1'], /^--json takes no value$/],
    [['--constructor'], /^unknown option '--constructor'/],
  ];
  for (const [argv, re] of bad)
    it(`rejects ${argv.join(' ')}`, () =>
      assert.throws(
        () => parseFlags(argv, options),
        (e: unknown) => e instanceof UsageError && re.test(e.message),
      ));
});
