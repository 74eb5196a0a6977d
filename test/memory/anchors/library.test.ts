// Anchors to a library's symbol, through a real daemon, on a real git repo
// indexed by the real scip-typescript with real npm packages installed
// (strip-ansi 7.2.0 and 6.0.1, p-limit 3.1.0, copied from this repo's own
// node_modules): a session names `stripAnsi`, which the repo imports and
// does not define. It is anchored to strip-ansi 7.2.0 at the repo's first use,
// shown fresh with its package and version; after a downgrade to 6.0.1 it is
// drifted (version changed), never fresh; once no file uses it, gone. A name
// two libraries' symbols share stays text, and a name the repo defines keeps
// meaning the repo's definition.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { QueryResult, WhyResult } from '../../../daemon/protocol';
import { scry, stopDaemon, tempDir } from '../../helpers';
import { commitDayBefore, sessionFile, sessionsDir, type Turn } from './session-repo';

const ENV = { SCRY_MEMORY_SWEEP: '0', SCRY_FIRST_INDEX: '0' };
const SESSION_AT = Date.UTC(2026, 4, 12, 9, 0);
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A real package of this repo's node_modules, at the version the test needs (it fails here, plainly, if the tree changed). */
function pkg(rel: string, version: string): string {
  const dir = path.join(ROOT, 'node_modules', rel);
  const v = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  assert.equal(v, version, `node_modules/${rel} is ${v}, this test needs ${version}`);
  return dir;
}

const CLEAN = `import stripAnsi from 'strip-ansi';
import pLimit from 'p-limit';

export function clean(text: string): string {
  return stripAnsi(text).trim();
}

export const limit = pLimit(2);
`;
const LOG = `import stripAnsi from 'strip-ansi';

export function logLine(line: string): void {
  console.log(stripAnsi(line));
}
`;

function transcript(repo: string, dir: string): string {
  const turns: Turn[] = [
    ['user', 'The log file is full of colour codes. How do we clean them?'],
    [
      'assistant',
      'We decided to strip them with `stripAnsi` from strip-ansi before writing, in src/log.ts and in `clean`; no hand-written regex. `pLimit` keeps at most two writes at once.',
    ],
  ];
  return sessionFile(dir, repo, 'library-anchors', SESSION_AT, turns, '11b7a000-0000-4000-8000-000000000001');
}

describe('anchors to a library symbol the repo uses, with a real daemon and real packages', () => {
  let home: string;
  let repo: string;
  const run = async <T>(args: string[]): Promise<T> => {
    const r = await scry([...args, '--json'], { home, cwd: repo, env: ENV });
    assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout) as T;
  };
  const install = (name: string, dir: string): void => {
    fs.rmSync(path.join(repo, 'node_modules', name), { recursive: true, force: true });
    fs.cpSync(dir, path.join(repo, 'node_modules', name), { recursive: true });
  };
  const reindex = (): Promise<unknown> => run(['index', repo, '--force']);
  const stripAnsiMemory = async (): Promise<WhyResult['history'][number]> => {
    const w = await run<WhyResult>(['why', 'stripAnsi']);
    const h = w.history.filter((x) => x.mention === 'stripAnsi');
    assert.equal(h.length, 1, JSON.stringify(w));
    return h[0]!;
  };

  before(async () => {
    home = tempDir('lib-anchors-home');
    repo = fs.realpathSync(tempDir('lib-anchors-repo'));
    fs.mkdirSync(path.join(repo, 'src'));
    fs.writeFileSync(
      path.join(repo, 'package.json'),
      JSON.stringify({ name: 'logs', version: '1.0.0', private: true, dependencies: { 'strip-ansi': '^7.2.0', 'p-limit': '^3.1.0' } }),
    );
    fs.writeFileSync(
      path.join(repo, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs', esModuleInterop: true }, include: ['src'] }),
    );
    fs.writeFileSync(path.join(repo, '.gitignore'), 'node_modules/\n');
    fs.writeFileSync(path.join(repo, 'src', 'clean.ts'), CLEAN);
    fs.writeFileSync(path.join(repo, 'src', 'log.ts'), LOG);
    install('strip-ansi', pkg('strip-ansi', '7.2.0'));
    install('ansi-regex', pkg('ansi-regex', '6.6.0'));
    install('p-limit', pkg('p-limit', '3.1.0'));
    install('yocto-queue', pkg('yocto-queue', '0.1.0'));
    commitDayBefore(repo, 'logs', SESSION_AT);
    await reindex();
    const sessions = sessionsDir(tempDir, 'lib-anchors');
    const ingested = await run<{ added: number }>(['memory', 'ingest', '--source', 'claude', '--path', transcript(repo, sessions)]);
    assert.equal(ingested.added, 1);
  });
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('anchors the library symbol to its package and version, at the repo’s first use, fresh', async () => {
    const w = await run<WhyResult>(['why', 'stripAnsi']);
    assert.equal(w.library, 'strip-ansi 7.2.0');
    assert.equal(w.definition, 'src/clean.ts:1', "the repo's first use (by path), not a definition of the repo's");
    const h = await stripAnsiMemory();
    assert.equal(h.state, 'fresh');
    assert.equal(h.was, 'strip-ansi 7.2.0 (used at src/clean.ts:1)');
    assert.equal(h.now, 'strip-ansi 7.2.0 (used at src/clean.ts:1)');
    const text = await scry(['why', 'stripAnsi', '--format', 'compact'], { home, cwd: repo, env: ENV });
    assert.match(text.stdout, /^stripAnsi: from strip-ansi 7\.2\.0 \(a library\), first used at src\/clean\.ts:1/);
    // The other library the session named, by its own package.
    const p = (await run<WhyResult>(['why', 'pLimit'])).history.find((x) => x.mention === 'pLimit');
    assert.equal(p?.now, 'p-limit 3.1.0 (used at src/clean.ts:2)');
    // A code answer on the library symbol carries the remembered line.
    const refs = await run<QueryResult>(['refs', 'stripAnsi']);
    assert.equal(refs.memory?.[0]?.state, 'fresh', JSON.stringify(refs.memory));
    assert.equal(refs.memory?.[0]?.now, 'strip-ansi 7.2.0');
    // A library's first use is no anchor of that file: what memory says of src/clean.ts is the session's `clean` only.
    const file = await run<WhyResult>(['why', 'src/clean.ts']);
    assert.deepEqual(
      file.history.map((x) => x.mention),
      ['clean'],
    );
  });

  it('the repo now uses another version: drifted (version changed), never fresh', async () => {
    install('strip-ansi', pkg('string-width/node_modules/strip-ansi', '6.0.1'));
    install('ansi-regex', pkg('string-width/node_modules/ansi-regex', '5.0.1'));
    await reindex();
    const h = await stripAnsiMemory();
    assert.equal(h.state, 'drifted');
    assert.equal(h.how, 'version');
    assert.equal(h.was, 'strip-ansi 7.2.0 (used at src/clean.ts:1)');
    assert.equal(h.now, 'strip-ansi 6.0.1 (used at src/clean.ts:1)');
    const refs = await scry(['refs', 'stripAnsi', '--format', 'compact'], { home, cwd: repo, env: ENV });
    assert.match(refs.stdout, /^memory 2026-05-12 drifted \(version changed, now strip-ansi 6\.0\.1\): /m, refs.stdout);
    assert.doesNotMatch(refs.stdout, /^memory .* fresh/m, refs.stdout);
    // p-limit did not change.
    assert.equal((await run<WhyResult>(['why', 'pLimit'])).history.find((x) => x.mention === 'pLimit')?.state, 'fresh');
  });

  it('no file uses it any more: gone', async () => {
    fs.writeFileSync(path.join(repo, 'src', 'clean.ts'), CLEAN.replace("import stripAnsi from 'strip-ansi';\n", '').replace('stripAnsi(text)', 'text'));
    fs.writeFileSync(path.join(repo, 'src', 'log.ts'), LOG.replace("import stripAnsi from 'strip-ansi';\n", '').replace('stripAnsi(line)', 'line'));
    await reindex();
    const h = await stripAnsiMemory();
    assert.equal(h.state, 'gone');
    assert.equal(h.now, undefined);
  });

  it('a name two libraries share stays text, and a name the repo defines is its own', async () => {
    // Both installed strip-ansi copies' stripAnsi, one per package folder name: two packages, no one meant.
    install('strip-ansi-legacy', pkg('string-width/node_modules/strip-ansi', '6.0.1'));
    const legacyPkg = path.join(repo, 'node_modules', 'strip-ansi-legacy', 'package.json');
    fs.writeFileSync(legacyPkg, fs.readFileSync(legacyPkg, 'utf8').replace('"name": "strip-ansi"', '"name": "strip-ansi-legacy"'));
    fs.writeFileSync(
      path.join(repo, 'src', 'both.ts'),
      "import stripAnsi from 'strip-ansi';\nimport legacy from 'strip-ansi-legacy';\n\nexport const both = (s: string): string => stripAnsi(legacy(s));\n",
    );
    // The repo defines a `trim` of its own and uses String's trim: the name means the repo's.
    fs.writeFileSync(path.join(repo, 'src', 'trim.ts'), 'export function trim(s: string): string {\n  return s.trim();\n}\n');
    await reindex();
    const sessions = sessionsDir(tempDir, 'lib-anchors');
    const later = sessionFile(sessions, repo, 'library-anchors-2', SESSION_AT + 30 * 86_400_000, [
      ['user', 'Why is `legacy` imported in src/both.ts?'],
      ['assistant', 'Two copies strip twice: `stripAnsi` and the legacy one. And `trim` is ours, not the string method.'],
    ]);
    const ingested = await run<{ added: number }>(['memory', 'ingest', '--source', 'claude', '--path', later]);
    assert.equal(ingested.added, 1);
    const w = await run<WhyResult>(['why', 'trim']);
    assert.equal(w.definition, 'src/trim.ts:1');
    assert.equal(w.library, undefined);
    assert.ok(
      w.history.some((h) => h.mention === 'trim' && h.state === 'fresh' && h.now === 'src/trim.ts:1'),
      JSON.stringify(w.history),
    );
    const s = await run<WhyResult>(['why', 'stripAnsi']);
    assert.equal(s.definition, null, JSON.stringify(s));
    // The new session's stripAnsi stayed text (two packages' symbols of that name); the first session's anchor still reads.
    assert.equal(s.history.filter((h) => h.mention === 'stripAnsi').length, 1, JSON.stringify(s.history));
  });
});
