// Safe roots through the real CLI and the real MCP server, against a real
// daemon: `/`, the home folder (a fake HOME), /etc and a folder that is no
// git repo are refused with one line naming the path; `scry index PATH` makes
// a plain folder a repo on purpose; `scry repos` lists what is indexed and
// `scry forget PATH` drops it; a repo no longer allowed is not re-watched
// after a restart.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type * as P from '../../daemon/protocol';
import { CLI, scry, stopDaemon, tempDir } from '../helpers';

const SOURCE = 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\nexport const hello = greet("you");\n';

describe('safe roots: CLI and MCP against a real daemon', () => {
  let home: string;
  let userHome: string;
  let plain: string;
  let gitRepo: string;
  let client: Client;
  const env = (): Record<string, string> => ({ HOME: userHome, SCRY_DEBOUNCE_MS: '3600000' });
  const cli = (args: string[], cwd?: string) => scry(args, { home, cwd, env: env() });
  const json = async <T>(args: string[], cwd?: string): Promise<T> => {
    const r = await cli([...args, '--json'], cwd);
    assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout) as T;
  };
  const textOf = (r: CallToolResult): string => (r.content[0]?.type === 'text' ? r.content[0].text : '');
  const tool = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  before(async () => {
    home = tempDir('roots-home');
    userHome = fs.realpathSync(tempDir('roots-user'));
    // A home folder with code in it, as a real one has: never indexed implicitly.
    fs.writeFileSync(path.join(userHome, 'scratch.ts'), SOURCE);
    plain = fs.realpathSync(tempDir('roots-plain'));
    fs.writeFileSync(path.join(plain, 'notes.ts'), SOURCE);
    gitRepo = fs.realpathSync(tempDir('roots-git'));
    fs.writeFileSync(path.join(gitRepo, 'app.ts'), SOURCE);
    spawnSync('git', ['init', '-q'], { cwd: gitRepo });
    const processEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) processEnv[k] = v;
    client = new Client({ name: 'scry-roots-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp'],
        cwd: plain,
        env: { ...processEnv, ...env(), SCRY_HOME: home },
        stderr: 'pipe',
      }),
    );
  });
  after(async () => {
    await client.close();
    await stopDaemon(home);
  });

  const refusals: Array<[string, () => string, RegExp]> = [
    ['/', () => '/', /^scry: '\/' is the filesystem root; Scry never indexes or watches it\n$/],
    ['/etc', () => '/etc', /^scry: '\/etc' is a system folder; Scry never indexes or watches it\n$/],
    [
      'the home folder',
      () => userHome,
      /^scry: '[^']+' is your home folder; Scry indexes it only when forced \(scry index [^ ]+ --force\)\. Run scry inside a git repository, or pass --repo PATH\n$/,
    ],
    [
      'a folder that is no git repo',
      () => plain,
      /^scry: '[^']+' is not a git repository, so Scry does not index it implicitly\. To index this folder deliberately, run scry index [^ ]+\n$/,
    ],
  ];

  for (const [what, where, message] of refusals) {
    it(`CLI: a query in ${what} is refused in one line naming it, and nothing is indexed`, async () => {
      const viaRepo = await cli(['refs', 'greet', '--repo', where()]);
      assert.equal(viaRepo.code, 1);
      assert.match(viaRepo.stderr, message);
      assert.ok(viaRepo.stderr.includes(`'${where()}'`));
      assert.equal(viaRepo.stdout, '');
      // Standing in it, without --repo, is the same question.
      const inside = await cli(['defs', 'greet'], where());
      assert.equal(inside.code, 1);
      assert.match(inside.stderr, message);
      const repos = await json<P.ReposResult>(['repos']);
      assert.ok(!repos.repos.some((r) => r.repo === where()), 'no index was made');
      const status = await json<P.StatusResult>(['status']);
      assert.ok(!status.repos.some((r) => r.repo === where()), 'status does not list it');
    });

    it(`MCP: scry_refs with repo ${what} is refused with the same reason`, async () => {
      const r = await tool('scry_refs', { symbol: 'greet', repo: where() });
      assert.equal(r.isError, true);
      assert.match(textOf(r), new RegExp(`^scry_refs failed: ${message.source.replace('^scry: ', '').replace('\\n$', '$')}`));
    });
  }

  it('CLI: scry index refuses / and /etc even with --force, and the home folder without it', async () => {
    for (const p of ['/', '/etc']) {
      const r = await cli(['index', p, '--force']);
      assert.equal(r.code, 1);
      assert.match(r.stderr, new RegExp(`^scry: '${p}' is (the filesystem root|a system folder); Scry never indexes or watches it\\n$`));
    }
    const r = await cli(['index', userHome]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr, `scry: '${userHome}' is your home folder; Scry indexes it only when forced (scry index ${userHome} --force)\n`);
  });

  it('MCP: the default repo of an agent started in a plain folder is refused too', async () => {
    const r = await tool('scry_defs', { symbol: 'greet' });
    assert.equal(r.isError, true);
    assert.match(textOf(r), /is not a git repository, so Scry does not index it implicitly/);
  });

  it('CLI: scry index PATH makes a plain folder a repo on purpose; queries (CLI and MCP) then answer there', async () => {
    const built = await json<P.IndexResult>(['index', plain]);
    assert.equal(built.repo, plain);
    assert.equal(built.documents, 1);
    const defs = await json<P.QueryResult>(['defs', 'greet'], plain);
    assert.deepEqual(
      defs.matches.map((m) => m.occurrences[0]!.file),
      ['notes.ts'],
    );
    const viaMcp = await tool('scry_defs', { symbol: 'greet' });
    assert.ok(!viaMcp.isError, textOf(viaMcp));
    assert.match(textOf(viaMcp), /notes\.ts/);
    const repos = await json<P.ReposResult>(['repos']);
    const listed = repos.repos.find((r) => r.repo === plain);
    assert.equal(listed?.kind, 'explicit');
    assert.equal(listed?.watching, true);
  });

  it('CLI and MCP: a git root is a repo when first asked about', async () => {
    const viaMcp = await tool('scry_refs', { symbol: 'greet', repo: gitRepo });
    assert.ok(!viaMcp.isError, textOf(viaMcp));
    const repos = await json<P.ReposResult>(['repos']);
    assert.equal(repos.repos.find((r) => r.repo === gitRepo)?.kind, 'git');
  });

  it('CLI: the home folder only with --force', async () => {
    const built = await json<P.IndexResult>(['index', userHome, '--force']);
    assert.equal(built.repo, userHome);
    const repos = await json<P.ReposResult>(['repos']);
    assert.equal(repos.repos.find((r) => r.repo === userHome)?.kind, 'forced');
  });

  it('after a restart, re-watches what is still allowed and not a repo that no longer is', async () => {
    // The git repo stops being one (its .git removed): it was never indexed deliberately.
    fs.rmSync(path.join(gitRepo, '.git'), { recursive: true, force: true });
    await stopDaemon(home);
    await json<P.DaemonInfo>(['start']);
    const repos = await json<P.ReposResult>(['repos']);
    const byRepo = new Map(repos.repos.map((r) => [r.repo, r]));
    assert.equal(byRepo.get(plain)?.watching, true, 'the deliberately indexed folder is watched again');
    assert.equal(byRepo.get(userHome)?.watching, true, 'so is the home folder indexed with --force');
    assert.equal(byRepo.get(gitRepo)?.kind, 'refused');
    assert.equal(byRepo.get(gitRepo)?.watching, false);
    assert.match(byRepo.get(gitRepo)?.reason ?? '', /is not a git repository and was never indexed deliberately/);
    const log = fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8');
    assert.ok(log.includes(`not watching ${gitRepo}: `), 'the log says why it is not watched');
    const query = await cli(['refs', 'greet', '--repo', gitRepo]);
    assert.equal(query.code, 1);
    assert.match(query.stderr, /is not a git repository/);
  });

  it('CLI: scry forget PATH stops watching, removes the index folder, and the repo is gone from repos and status', async () => {
    const before = await json<P.ReposResult>(['repos']);
    const dir = before.repos.find((r) => r.repo === plain)!.index_dir;
    assert.ok(fs.existsSync(path.join(dir, 'index.db')));
    const watchesBefore = (await json<P.StatusResult>(['status'])).watches?.inotify_watches ?? null;
    const forgot = await json<P.ForgetRepoResult>(['forget', plain]);
    assert.equal(forgot.repo, plain);
    assert.equal(forgot.was_watching, true);
    assert.ok(forgot.freed_bytes > 0);
    assert.equal(fs.existsSync(dir), false, 'the index folder is removed');
    const after = await json<P.ReposResult>(['repos']);
    assert.ok(!after.repos.some((r) => r.repo === plain));
    const status = await json<P.StatusResult>(['status']);
    assert.ok(!status.repos.some((r) => r.repo === plain));
    // Its watcher is closed: the daemon holds fewer inotify watches (counted by the kernel) than before.
    const watchesAfter = status.watches?.inotify_watches ?? null;
    if (watchesBefore !== null && watchesAfter !== null) assert.ok(watchesAfter < watchesBefore, `${watchesAfter} < ${watchesBefore}`);
    else console.log('inotify watch counts unavailable here (no /proc fdinfo): the watcher check rests on was_watching and status');
    // Forgotten means no longer deliberately indexed: a query there is refused again.
    const query = await cli(['refs', 'greet', '--repo', plain]);
    assert.equal(query.code, 1);
    assert.match(query.stderr, /is not a git repository/);
    // A folder that no longer exists is forgotten by its recorded path; an unknown one is a clear error.
    fs.rmSync(gitRepo, { recursive: true, force: true });
    const gone = await json<P.ForgetRepoResult>(['forget', gitRepo]);
    assert.equal(gone.repo, gitRepo);
    const unknown = await cli(['forget', path.join(plain, 'nowhere')]);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr, `scry: '${path.join(plain, 'nowhere')}' has no index here; scry repos lists the indexed repositories\n`);
  });

  it('human output of repos and forget reads as sentences', async () => {
    const r = await cli(['repos', '--format', 'human']);
    assert.equal(r.code, 0);
    assert.match(
      r.stdout,
      new RegExp(
        `^${userHome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}  forced, watching, indexed \\S+, \\d+\\.\\d MB\\n1 repository; scry forget PATH drops one\\n$`,
      ),
    );
  });
});
