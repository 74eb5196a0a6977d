// The repo root is the boundary, end to end: a real git repo holding links to
// a file outside (/etc/passwd), to a folder outside, to /usr and a link loop,
// plus binary files named like source, indexed and watched by a real spawned
// daemon (scip-typescript, the Ruby syntactic reader, chokidar). No answer
// carries anything from outside or from a binary, live edits behind a link are
// never read, and the daemon's own inotify count stays at the repo's folders.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type * as P from '../../daemon/protocol';
import { jsonAnswer, scry, stopDaemon, tempDir } from '../helpers';
import { waitFor } from './wait';

/** Rebuilds never start by themselves: the live part reads only the overlay. */
const ENV = { SCRY_DEBOUNCE_MS: '3600000' };
/** Text that exists only outside the repo. */
const CONTENT = ['root:x:0:0', 'OUTSIDE-MARKER', 'OUTSIDE-LIVE'];
/** Names defined only outside the repo or inside binary files. */
const NAMES = ['outsideSecret', 'outside_ruby_secret', 'binaryGarbage', 'binary_ruby', 'outsideLive', 'lateOutside', 'binaryLive'];

describe('links out of the repo and binary files, with a real daemon', () => {
  let home: string;
  let userHome: string;
  let repo: string;
  let outside: string;
  let built: P.IndexResult;
  const answers: string[] = [];

  const run = async (args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> => {
    const r = await scry([...args, '--json'], { home, env: { ...ENV, HOME: userHome } });
    answers.push(r.stdout, r.stderr);
    return r;
  };
  const json = async <T>(args: string[]): Promise<T> => {
    return jsonAnswer<T>(args, await run(args));
  };
  const names = (r: P.QueryResult): string[] => r.matches.map((m) => m.display_name);
  const repoStatus = async (): Promise<{ repo: P.RepoStatus; watches: P.WatchUsage | undefined }> => {
    const s = await json<P.StatusResult>(['status']);
    return { repo: s.repos.find((r) => r.repo === repo)!, watches: s.watches };
  };

  before(async () => {
    home = tempDir('bound-home');
    userHome = tempDir('bound-user');
    outside = fs.realpathSync(tempDir('bound-outside'));
    repo = fs.realpathSync(tempDir('bound-repo'));
    fs.writeFileSync(path.join(outside, 'secret.ts'), "export function outsideSecret(): string { return 'OUTSIDE-MARKER'; }\n");
    fs.writeFileSync(path.join(outside, 'secret.rb'), "def outside_ruby_secret\n  'OUTSIDE-MARKER'\nend\n");
    fs.writeFileSync(path.join(outside, 'late.ts'), "export function lateOutside(): string { return 'OUTSIDE-MARKER'; }\n");
    fs.mkdirSync(path.join(repo, 'src'));
    fs.mkdirSync(path.join(repo, 'lib'));
    fs.writeFileSync(path.join(repo, 'src', 'app.ts'), 'export function insideFn(a: number): number {\n  return a + 1;\n}\nexport const two = insideFn(1);\n');
    fs.writeFileSync(path.join(repo, 'lib', 'tool.rb'), "def inside_ruby\n  'inside'\nend\n\ninside_ruby\n");
    fs.writeFileSync(path.join(repo, 'lib', 'more.rb'), 'def more_ruby\n  inside_ruby\nend\n');
    // Binary files named like source: a NUL byte in their first bytes, a definition in plain text after it.
    fs.writeFileSync(
      path.join(repo, 'bin.ts'),
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]), Buffer.from('\nexport function binaryGarbage() {}\n')]),
    );
    fs.writeFileSync(path.join(repo, 'lib', 'bin.rb'), Buffer.concat([Buffer.from([0, 0, 0, 1]), Buffer.from('\ndef binary_ruby\nend\n')]));
    fs.symlinkSync('/etc/passwd', path.join(repo, 'passwd.ts'));
    fs.symlinkSync(outside, path.join(repo, 'linked'));
    fs.symlinkSync(path.join(outside, 'secret.rb'), path.join(repo, 'lib', 'secret.rb'));
    fs.symlinkSync('/usr', path.join(repo, 'usr'));
    // A loop back to the root, and two links naming each other.
    fs.symlinkSync('..', path.join(repo, 'src', 'loop'));
    fs.symlinkSync('loop-b', path.join(repo, 'loop-a'));
    fs.symlinkSync('loop-a', path.join(repo, 'loop-b'));
    spawnSync('git', ['init', '-q'], { cwd: repo });
    built = await json<P.IndexResult>(['index', repo]);
  });
  after(() => stopDaemon(home));

  it('indexes the repo (no hang on the loops) and names each binary file it skipped, with the reason', () => {
    assert.equal(built.status, 'ready');
    const skipped = built.indexers.flatMap((i) => i.skipped_files ?? []);
    assert.ok(skipped.includes('bin.ts: binary (contains NUL bytes)'), JSON.stringify(built.indexers));
    assert.ok(skipped.includes('lib/bin.rb: binary (contains NUL bytes)'), JSON.stringify(built.indexers));
  });

  it('answers from the repo’s own files and never from outside or binary content', async () => {
    assert.deepEqual(names(await json<P.QueryResult>(['defs', 'insideFn', '--repo', repo])), ['insideFn']);
    assert.deepEqual(names(await json<P.QueryResult>(['defs', 'inside_ruby', '--repo', repo])), ['inside_ruby']);
    for (const name of ['outsideSecret', 'outside_ruby_secret', 'binaryGarbage', 'binary_ruby', 'root', 'passwd']) {
      assert.deepEqual((await json<P.QueryResult>(['refs', name, '--repo', repo])).matches, [], `refs ${name}`);
      assert.deepEqual((await json<P.QueryResult>(['defs', name, '--repo', repo])).matches, [], `defs ${name}`);
    }
    const search = await json<P.SearchResult>(['search', 'secret', '--repo', repo]);
    assert.deepEqual(search.results, []);
    for (const file of ['passwd.ts', 'bin.ts', 'linked/secret.ts', 'lib/secret.rb', 'lib/bin.rb']) {
      const r = await run(['symbols', file, '--repo', repo]);
      assert.equal(r.code, 1, `symbols ${file} is refused`);
      assert.match(r.stderr, new RegExp(`file '${file.replace('.', '\\.')}' is not in the index`));
    }
  });

  it('watches only the repo’s own folders: the daemon’s inotify count stays small though /usr is linked in', async () => {
    const { repo: st, watches } = await waitFor(async () => {
      const s = await repoStatus();
      return s.repo?.watching ? s : undefined;
    }, 'the repo to be watched');
    assert.equal(st.watch_mode, 'events');
    assert.equal(st.degraded, undefined);
    // chokidar's own count: the repo, src, lib (and the folder above the root, which it watches for the root's removal).
    assert.ok(st.watched_dirs! >= 3 && st.watched_dirs! <= 4, `watched_dirs ${st.watched_dirs}`);
    assert.ok(watches && watches.inotify_watches !== null, 'a real daemon on Linux counts its inotify watches');
    // The repo's folders and its few source files; /usr alone holds thousands of folders.
    const usrFolders = fs.readdirSync('/usr/share', { withFileTypes: true }).filter((e) => e.isDirectory()).length;
    console.log(
      `inotify watches held by the daemon: ${watches.inotify_watches} (watched folders ${st.watched_dirs}; /usr/share alone has ${usrFolders} folders)`,
    );
    assert.ok(watches.inotify_watches! > 0 && watches.inotify_watches! <= 20, `inotify watches ${watches.inotify_watches}`);
  });

  it('never reads an edit behind a link, a new link out, or a file that turned binary, while a real edit shows at once', async () => {
    fs.appendFileSync(path.join(outside, 'secret.ts'), "export function outsideLive(): string { return 'OUTSIDE-LIVE'; }\n");
    fs.symlinkSync(path.join(outside, 'late.ts'), path.join(repo, 'src', 'late.ts'));
    fs.writeFileSync(path.join(repo, 'src', 'bin2.ts'), Buffer.concat([Buffer.from([0, 0xff, 0xfe]), Buffer.from('\nexport function binaryLive() {}\n')]));
    fs.appendFileSync(path.join(repo, 'src', 'app.ts'), 'export function insideLive(): number {\n  return insideFn(2);\n}\n');
    await waitFor(async () => names(await json<P.QueryResult>(['defs', 'insideLive', '--repo', repo])).includes('insideLive'), 'the inside edit');
    const log = path.join(home, 'logs', 'scryd.log');
    await waitFor(() => {
      const text = fs.readFileSync(log, 'utf8');
      return (
        text.includes(`overlay: skipped 'src/late.ts': links outside the repository (to '${path.join(outside, 'late.ts')}')`) &&
        text.includes("overlay: skipped 'src/bin2.ts': binary (contains NUL bytes)")
      );
    }, 'the overlay to skip the new link and the binary file');
    for (const name of ['outsideLive', 'lateOutside', 'binaryLive']) {
      assert.deepEqual((await json<P.QueryResult>(['refs', name, '--repo', repo])).matches, [], `refs ${name}`);
    }
  });

  it('keeps them out of a rebuild too', async () => {
    const rebuilt = await json<P.IndexResult>(['index', repo, '--force']);
    assert.equal(rebuilt.status, 'ready');
    assert.deepEqual(names(await json<P.QueryResult>(['defs', 'insideLive', '--repo', repo])), ['insideLive']);
    for (const name of ['outsideSecret', 'outsideLive', 'lateOutside', 'binaryLive', 'binaryGarbage']) {
      assert.deepEqual((await json<P.QueryResult>(['refs', name, '--repo', repo])).matches, [], `refs ${name}`);
    }
  });

  it('put nothing from outside or from a binary file into any answer', () => {
    const all = answers.join('\n');
    for (const text of CONTENT) assert.ok(!all.includes(text), `an answer carries '${text}'`);
    // A name asked about comes back as the question (`"symbol":"x"`), never as a match, a context line or a file.
    const echoes = all.replace(/"(symbol|pattern)":"[^"]*"/g, '');
    for (const name of NAMES) assert.ok(!echoes.includes(name), `an answer carries '${name}'`);
  });
});
