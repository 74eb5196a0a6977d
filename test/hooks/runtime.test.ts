// The search and read hooks as the agent's client runs them: bin/scry-hook
// (the shell step) with the hook's JSON on stdin, against a real daemon and a
// real package's code (eventsource-parser). Whatever goes wrong, the agent's
// command goes ahead untouched: the hook prints nothing and exits 0, quickly,
// and never starts an index itself.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoQueueFile } from '../../daemon/inbox';
import type { RepoStatus } from '../../daemon/protocol';
import { ROOT, runCli, scryJson, stopDaemon, tempDir } from '../helpers';

const GATE = path.join(ROOT, 'bin', 'scry-hook');

function hook(home: string, event: string, input: string, env: NodeJS.ProcessEnv = {}): { code: number | null; stdout: string; ms: number } {
  const started = Date.now();
  const r = spawnSync('/bin/sh', [GATE, process.execPath, event], {
    input,
    encoding: 'utf8',
    env: { ...process.env, SCRY_HOME: home, ...env },
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, ms: Date.now() - started };
}

const bash = (command: string, cwd: string): string => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd });

function copyRepo(name: string): string {
  const repo = path.join(fs.realpathSync(tempDir(name)), 'eventsource-parser');
  fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'eventsource-parser'), repo, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: repo });
  return repo;
}

describe('the search hook with a daemon and an indexed repo', () => {
  let home: string;
  let repo: string;
  before(async () => {
    home = tempDir('hook-rt');
    repo = copyRepo('hook-rt-repo');
    const r = await runCli(['index', repo], { cwd: repo, env: { ...process.env, SCRY_HOME: home } });
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => stopDaemon(home));

  it('answers a symbol search in any of the tools agents use, with the refs and where to get more', () => {
    for (const command of [
      'grep -rn createParser src/',
      'rg -w createParser -g "*.ts"',
      'cd src && git grep -n "createParser("',
      'grep -rnw createParser --include=*.ts .',
      'ag createParser\\(',
      'ack -w createParser',
      'ugrep -rn "\\bcreateParser\\b" src',
      'find src -name "*.ts" | xargs grep -l createParser',
    ]) {
      const r = hook(home, 'pretooluse', bash(command, repo));
      assert.equal(r.code, 0, command);
      const out = JSON.parse(r.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string; permissionDecision?: string } };
      assert.equal(out.hookSpecificOutput.hookEventName, 'PreToolUse');
      assert.equal(out.hookSpecificOutput.permissionDecision, undefined, `${command}: augment never blocks`);
      assert.match(out.hookSpecificOutput.additionalContext, /^scry: 'createParser' is a code symbol of this repo/, command);
      assert.match(out.hookSpecificOutput.additionalContext, / parse\.ts: def 27\n/, command);
      assert.match(out.hookSpecificOutput.additionalContext, /mcp__scry__scry_callers/, command);
      assert.ok(Buffer.byteLength(out.hookSpecificOutput.additionalContext) <= 1600, command);
    }
  });

  it('leaves alone what is no symbol search of this repo: text, several names, other file types, other folders, filters, a name the repo does not define', () => {
    for (const command of [
      'grep -rn "Invalid retry" src/',
      'grep -rn "createParser\\|EventSourceParserStream" src',
      'rg createParser -g "*.md"',
      'rg -t py createParser',
      'grep -rn createParser /usr/share/doc',
      'cat src/parse.ts | grep createParser',
      'grep -v createParser src/parse.ts',
      'grep -rn TransformStream src',
      'grep -rn workspace src',
      'echo grep createParser',
      'npm test',
      'grep -rn "createparser" src',
      'SCRY_GREP=1 grep -rn createParser src',
      'grep -rn createParser src; grep -rn EventSourceParserStream src',
    ]) {
      const r = hook(home, 'pretooluse', bash(command, repo));
      assert.equal(r.code, 0, command);
      assert.equal(r.stdout, '', command);
    }
  });

  it('answers a find -name of a source file with its outline, and nothing for a name pattern', () => {
    const r = hook(home, 'pretooluse', bash('find . -name stream.ts', repo));
    assert.match(
      (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext,
      /^scry: src\/stream\.ts is in the index; its outline[^\n]*\n[^]*EventSourceParserStream/,
    );
    assert.equal(hook(home, 'pretooluse', bash('find . -name "*.ts"', repo)).stdout, '');
    assert.equal(hook(home, 'pretooluse', bash('find . -name missing.ts', repo)).stdout, '');
  });

  it('replace mode (config.yaml) denies the search with the answer as the reason; off says nothing', () => {
    fs.writeFileSync(path.join(home, 'config.yaml'), 'hooks:\n  search: replace\n');
    try {
      const out = JSON.parse(hook(home, 'pretooluse', bash('grep -rn createParser src', repo)).stdout) as {
        hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string };
      };
      assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
      assert.match(
        out.hookSpecificOutput.permissionDecisionReason,
        /^scry: 'createParser' is a code symbol[^]*The search was not run: the index answered it\. For a plain text search run it again as `SCRY_GREP=1 <command>`/,
      );
      fs.writeFileSync(path.join(home, 'config.yaml'), 'hooks:\n  search: off\n');
      assert.equal(hook(home, 'pretooluse', bash('grep -rn createParser src', repo)).stdout, '');
      // A config that does not parse, and no good copy kept: the hook is off, never on.
      fs.writeFileSync(path.join(home, 'config.yaml'), 'hooks: [\n');
      assert.equal(hook(home, 'pretooluse', bash('grep -rn createParser src', repo)).stdout, '');
    } finally {
      fs.rmSync(path.join(home, 'config.yaml'));
    }
  });

  it('the Grep and Glob tools of clients that still have them get the same answers', () => {
    const grep = hook(home, 'pretooluse', JSON.stringify({ tool_name: 'Grep', tool_input: { pattern: '\\bcreateParser\\b', path: 'src' }, cwd: repo }));
    assert.match(grep.stdout, /scry: 'createParser' is a code symbol/);
    const glob = hook(home, 'pretooluse', JSON.stringify({ tool_name: 'Glob', tool_input: { pattern: '**/stream.ts' }, cwd: repo }));
    assert.match(glob.stdout, /src\/stream\.ts is in the index/);
    assert.equal(hook(home, 'pretooluse', JSON.stringify({ tool_name: 'Grep', tool_input: { pattern: 'TODO|FIXME' }, cwd: repo })).stdout, '');
  });

  it('bad input: a malformed payload or a command that does not parse goes ahead untouched, exit 0', () => {
    for (const input of [
      'not json at all',
      '',
      '[]',
      '{"tool_name":"Bash"}',
      '{"tool_name":"Bash","tool_input":{"command":42}}',
      bash('grep -rn "createParser src', repo),
      bash('grep -rn $(echo createParser) src', repo),
      bash('grep -rn createParser src', '/nonexistent/dir'),
    ]) {
      const r = hook(home, 'pretooluse', input);
      assert.equal(r.code, 0, input);
      assert.equal(r.stdout, '', input);
    }
  });

  it('Read: no remembered line when memory holds nothing about the file', () => {
    const r = hook(home, 'posttooluse', JSON.stringify({ tool_name: 'Read', tool_input: { file_path: path.join(repo, 'src', 'parse.ts') }, cwd: repo }));
    assert.equal(r.code, 0);
    assert.equal(r.stdout, '');
  });
});

describe('the search hook with a daemon and a repo it has not indexed', () => {
  it('the command goes ahead (exit 0) or is answered; the daemon, not the hook, starts its index', async () => {
    const home = tempDir('hook-new');
    const repo = copyRepo('hook-new-repo');
    try {
      assert.equal((await runCli(['start'], { cwd: repo, env: { ...process.env, SCRY_HOME: home } })).code, 0);
      fs.writeFileSync(path.join(home, 'config.yaml'), 'hooks:\n  search: replace\n');
      const r = hook(home, 'pretooluse', bash('grep -rn createParser src/', repo));
      assert.equal(r.code, 0);
      // Within its deadline the hook answers from the first (syntactic) index, or says nothing and the grep runs.
      if (r.stdout !== '')
        assert.match(
          (JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecisionReason: string } }).hookSpecificOutput.permissionDecisionReason,
          /^scry: 'createParser' is a code symbol/,
        );
      assert.ok(!fs.existsSync(repoQueueFile(home)), 'a running daemon was asked: nothing queued');
      let status: RepoStatus | undefined;
      for (let i = 0; i < 300 && status?.effective_status !== 'ready'; i++) {
        status = (await scryJson<{ repos: RepoStatus[] }>(['status'], { home, env: process.env })).repos.find((s) => s.repo === repo);
        if (status?.effective_status !== 'ready') await new Promise((res) => setTimeout(res, 100));
      }
      assert.equal(status?.effective_status, 'ready', 'the daemon indexed the repo the agent searched');
      // Indexed now: the same search is answered (replace: denied with the answer).
      const again = JSON.parse(hook(home, 'pretooluse', bash('grep -rn createParser src/', repo)).stdout) as {
        hookSpecificOutput: { permissionDecision: string };
      };
      assert.equal(again.hookSpecificOutput.permissionDecision, 'deny');
    } finally {
      await stopDaemon(home);
    }
  });
});

describe('the search hook with no daemon', () => {
  it('answers nothing, starts no daemon and no index, and queues the repo; the next daemon indexes it', async () => {
    const home = tempDir('hook-down');
    const repo = copyRepo('hook-down-repo');
    try {
      const r = hook(home, 'pretooluse', bash('grep -rn createParser src/', repo));
      assert.equal(r.code, 0);
      assert.equal(r.stdout, '');
      assert.ok(!fs.existsSync(path.join(home, 'scryd.pid')), 'no daemon was started');
      assert.ok(!fs.existsSync(path.join(home, 'repos')), 'no index was started');
      const queued = fs
        .readFileSync(repoQueueFile(home), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { repo: string });
      assert.deepEqual(
        queued.map((q) => q.repo),
        [repo],
      );
      // A non-search command queues nothing.
      hook(home, 'pretooluse', bash('ls -la', repo));
      assert.equal(fs.readFileSync(repoQueueFile(home), 'utf8').trim().split('\n').length, 1);

      const start = await runCli(['start'], { cwd: repo, env: { ...process.env, SCRY_HOME: home } });
      assert.equal(start.code, 0, start.stderr);
      let status: RepoStatus | undefined;
      for (let i = 0; i < 300 && status?.effective_status !== 'ready'; i++) {
        status = (await scryJson<{ repos: RepoStatus[] }>(['status'], { home, env: process.env })).repos.find((s) => s.repo === repo);
        if (status?.effective_status !== 'ready') await new Promise((res) => setTimeout(res, 100));
      }
      assert.equal(status?.effective_status, 'ready', 'the daemon indexed the queued repo at its start');
      assert.ok(!fs.existsSync(repoQueueFile(home)), 'the queue was taken');
    } finally {
      await stopDaemon(home);
    }
  });
});
