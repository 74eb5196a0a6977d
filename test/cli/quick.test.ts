// The CLI's quick path (dist/cli.js, daemon/cli/quick.ts): a code query with
// a daemon running is answered without loading the full CLI, and every other
// command line reaches the full CLI with its own errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { quickTable } from '../../daemon/cli/quick-table';
import { COMPACT_METHOD } from '../../daemon/cli/answer';
import * as P from '../../daemon/protocol';
import type { QueryResult } from '../../daemon/protocol';
import { ROOT, scryJson, stopDaemon, tempDir } from '../helpers';

const BUNDLE = path.join(ROOT, 'dist', 'cli.js');

describe('the quick path', () => {
  let home: string;
  let repo: string;
  let preload: string;

  before(async () => {
    home = tempDir('quick-home');
    repo = tempDir('quick-repo');
    fs.writeFileSync(path.join(repo, 'a.ts'), 'export function hello(n: number): number { return n; }\nexport const x = hello(1);\n');
    await scryJson(['index', repo], { home });
    // Says, as the process exits, which of the CLI's bundles it loaded.
    preload = path.join(tempDir('quick-preload'), 'loaded.js');
    fs.writeFileSync(
      preload,
      "process.on('exit', () => require('fs').writeSync(2, '\\nloaded: ' + Object.keys(require.cache).map((f) => require('path').basename(f)).filter((f) => /^(cli|cli-full|formatters|direct)\\.js$/.test(f)).sort().join(' ') + '\\n'));\n",
    );
  });
  after(() => stopDaemon(home));

  const run = (args: string[]): { code: number | null; stdout: string; stderr: string; loaded: string } => {
    const r = spawnSync(process.execPath, ['-r', preload, BUNDLE, ...args], { env: { ...process.env, SCRY_HOME: home }, cwd: repo, encoding: 'utf8' });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, loaded: /loaded: (.*)/.exec(r.stderr)?.[1] ?? '' };
  };

  it('carries the specs the declarations give, as the build made them', () => {
    const bundled = (require(BUNDLE) as typeof import('../../daemon/cli/quick')).QUICK_TABLE;
    assert.deepEqual(bundled, JSON.parse(JSON.stringify(quickTable())));
    assert.ok(
      bundled.commands.some((c) => c.cli.command === 'refs' && c.query),
      'refs is a quick query',
    );
    assert.ok(
      bundled.commands.some((c) => c.cli.command === 'index' && !c.query),
      'index is a command, not a quick query',
    );
  });

  it('answers a code query with a daemon running without the full CLI, in every format', () => {
    const json = run(['refs', 'hello', '--json']);
    assert.equal(json.code, 0, json.stderr);
    assert.equal(json.loaded, 'cli.js');
    const result = JSON.parse(json.stdout) as QueryResult;
    assert.equal(result.total, 2);
    assert.deepEqual(
      result.matches[0]!.occurrences.map((o) => o.line),
      [1, 2],
    );
    const compact = run(['callers', 'hello', '--format', 'compact', '--limit', '5']);
    assert.equal(compact.code, 0, compact.stderr);
    // The daemon renders the compact text (scry/compact): no formatter is loaded here.
    assert.equal(compact.loaded, 'cli.js');
    // The compact form: the one call site of hello, at the top level of a.ts (line 2).
    assert.match(compact.stdout, /^a\.ts: 2$/m);
    // The same text the compact formatter writes from the JSON answer.
    const whole = JSON.parse(run(['callers', 'hello', '--limit', '5', '--json']).stdout) as unknown;
    assert.equal(compact.stdout, P.COMPACT_FORMATTERS[P.Callers.method]!(whole));
    assert.equal(COMPACT_METHOD, P.Compact.method);
    // A typo: the daemon's text offers the name, and the exit code says nothing matched, as with JSON.
    const typo = run(['refs', 'helo', '--format', 'compact']);
    assert.equal(typo.code, 1, typo.stderr);
    assert.match(typo.stdout, /hello/);
    const symbols = run(['symbols', 'a.ts', '--json']);
    assert.equal(symbols.loaded, 'cli.js');
    assert.ok(
      (JSON.parse(symbols.stdout) as { symbols: Array<{ display_name: string }> }).symbols.some((s) => s.display_name === 'hello'),
      'a file relative to the cwd',
    );
  });

  it('prints a large answer whole before it exits', () => {
    fs.writeFileSync(
      path.join(repo, 'b.ts'),
      `import { hello } from './a';\n${Array.from({ length: 3000 }, (_, i) => `export const v${i} = hello(${i});`).join('\n')}\n`,
    );
    assert.equal(run(['index', '--force']).code, 0);
    const r = run(['refs', 'hello', '--limit', '5000', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.length > 200_000, `a large answer (${r.stdout.length} bytes)`);
    assert.equal((JSON.parse(r.stdout) as QueryResult).total, 3003);
  });

  it('writes a large answer whole to a slow reader, and stops quietly when the reader goes', () => {
    const env = { ...process.env, SCRY_HOME: home };
    const cli = `"${process.execPath}" "${BUNDLE}" refs hello --limit 5000 --json`;
    const out = path.join(path.dirname(preload), 'answer.json');
    const slowly = (command: string): QueryResult => {
      fs.rmSync(out, { force: true });
      const r = spawnSync('bash', ['-o', 'pipefail', '-c', `${command} | (sleep 0.3; cat > "${out}")`], { env, cwd: repo, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const text = fs.readFileSync(out, 'utf8');
      assert.ok(text.length > 200_000 && text.endsWith('}\n'), `${text.length} bytes`);
      return JSON.parse(text) as QueryResult;
    };
    const occurrences = (r: QueryResult): number => r.matches.reduce((n, m) => n + m.occurrences.length, 0);
    const blocking = slowly(cli);
    assert.equal(occurrences(blocking), 3003);
    // process.stdout touched first leaves the pipe non-blocking: once full, the rest goes through the stream.
    const touched = path.join(path.dirname(preload), 'touch-stdout.js');
    fs.writeFileSync(touched, 'void process.stdout;\n');
    assert.equal(occurrences(slowly(`"${process.execPath}" -r "${touched}" "${BUNDLE}" refs hello --limit 5000 --json`)), 3003);
    const head = spawnSync('bash', ['-o', 'pipefail', '-c', `${cli} | head -c 10`], { env, cwd: repo, encoding: 'utf8' });
    assert.equal(head.status, 0, head.stderr);
    assert.equal(head.stdout, '{"symbol":');
    assert.equal(head.stderr, '');
  });

  it('leaves every other command line to the full CLI, with its errors', () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['refs', 'hello', '--limit', 'lots'], 2, /invalid --limit 'lots'/],
      [['refs', 'hello', '--source', 'claude'], 2, /scry refs does not take --source/],
      [['refs'], 2, /needs a symbol name/],
      [['frobnicate'], 2, /unknown command 'frobnicate'/],
      [['status', '--json'], 0, /^/],
      [['--version'], 0, /^/],
    ];
    for (const [args, code, re] of cases) {
      const r = run(args);
      assert.equal(r.code, code, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, re, args.join(' '));
      assert.equal(r.loaded, 'cli-full.js cli.js', args.join(' '));
    }
  });
});
