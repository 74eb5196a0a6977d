// `scry setup` asks once, at a terminal, whether memory extraction may use
// the user's own Claude Code login, and writes the answer into config.yaml.
// The real CLI runs under a pseudo-terminal (util-linux `script`), answering
// each question when it appears; piped input and --yes never enable it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseConfig } from '../../daemon/memory/config';
import { shellLine } from '../../daemon/setup/exec';
import { CLI, runCli, tempDir, type CliResult } from '../helpers';
import { makeStubs, setupEnv } from './stubs';

const NODE = process.execPath;

interface World {
  home: string;
  scryHome: string;
  env: NodeJS.ProcessEnv;
  config: string;
}

function world(): World {
  const home = tempDir('extraction-user');
  const scryHome = tempDir('extraction-home');
  const stubs = makeStubs({});
  const env = setupEnv(stubs, home, scryHome, { TERM: 'dumb' });
  return { home, scryHome, env, config: path.join(scryHome, 'config.yaml') };
}

/**
 * `scry setup` under a pseudo-terminal. Each question is answered when it is
 * asked: the first pattern that matches the latest prompt gives the line
 * typed (Enter alone for a pattern mapped to '').
 */
function setupAtTerminal(w: World, answers: Array<[RegExp, string]>, args: string[] = []): Promise<CliResult & { asked: string[] }> {
  return new Promise((resolve, reject) => {
    const command = shellLine(NODE, [CLI, 'setup', ...args]);
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: w.home, env: w.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let answered = 0;
    const asked: string[] = [];
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const prompts = stdout.match(/[^\n]*\[y\/N\] /g) ?? [];
      while (answered < prompts.length) {
        const q = prompts[answered++]!;
        asked.push(q.trim());
        const a = answers.find(([re]) => re.test(q));
        child.stdin.write(`${a ? a[1] : 'n'}\r`);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: stdout.replace(/\r\n/g, '\n'), stderr, asked }));
  });
}

const HOOKS = /Write this change to/;
const EXTRACTION = /Use your Claude Code login for memory extraction\?/;

describe('scry setup: extraction with your Claude Code login', () => {
  it('at a terminal, shows the cost note, asks, and a yes writes claude-cli (a small model) before offline, with a daily cap', async () => {
    const w = world();
    const r = await setupAtTerminal(w, [
      [HOOKS, 'y'],
      [EXTRACTION, 'y'],
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.asked.filter((q) => EXTRACTION.test(q)).length, 1);
    assert.match(r.stdout, /claude -p --model haiku/);
    assert.match(r.stdout, /Cost: each episode counts against your Claude plan's usage limits/);
    assert.match(r.stdout, /The default is no/);
    const config = parseConfig(fs.readFileSync(w.config, 'utf8'), w.config);
    assert.deepEqual(
      config.providers.map((p) => [p.type, p.model]),
      [
        ['claude-cli', 'haiku'],
        ['offline', undefined],
      ],
    );
    assert.equal(config.budget.dailyEpisodes, 200);
    assert.equal(fs.statSync(w.config).mode & 0o777, 0o600);

    // Asked once: the next setup at a terminal says what is set and does not ask again.
    const again = await setupAtTerminal(w, [[EXTRACTION, 'n']]);
    assert.equal(again.code, 0, again.stdout);
    assert.deepEqual(
      again.asked.filter((q) => EXTRACTION.test(q)),
      [],
    );
    assert.match(again.stdout, /extraction providers are set in .*config\.yaml \(claude-cli, offline\); not asking again/);
  });

  it('at a terminal, Enter (the default) and no both write offline only, and keep what config.yaml already held', async () => {
    for (const answer of ['', 'n']) {
      const w = world();
      fs.writeFileSync(w.config, '# my settings\nhooks:\n  session_end: false\nmemory:\n  sweep:\n    interval_minutes: 30\n');
      const r = await setupAtTerminal(w, [
        [HOOKS, 'y'],
        [EXTRACTION, answer],
      ]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.equal(r.asked.filter((q) => EXTRACTION.test(q)).length, 1, `answer '${answer}'`);
      const text = fs.readFileSync(w.config, 'utf8');
      const config = parseConfig(text, w.config);
      assert.deepEqual(
        config.providers.map((p) => p.type),
        ['offline'],
        `answer '${answer}'`,
      );
      assert.equal(config.sweep.intervalMinutes, 30, 'the rest of the file is kept');
      assert.equal(config.hooks.sessionEnd, false);
      assert.match(text, /^# my settings$/m, 'and its comments');
      assert.match(text, /you said no to using your Claude Code login/);
    }
  });

  it('without a terminal (piped answers) or with --yes, asks nothing and writes nothing', async () => {
    const w = world();
    const piped = await runCli(['setup'], { cwd: w.home, env: w.env, input: 'y\ny\ny\n' });
    assert.equal(piped.code, 0, piped.stdout + piped.stderr);
    assert.doesNotMatch(piped.stdout, EXTRACTION);
    assert.match(piped.stdout, /memory: extraction stays offline\. To let your Claude Code login extract/);
    assert.equal(fs.existsSync(w.config), false, 'no config.yaml written');

    const flagged = await setupAtTerminal(
      w,
      [
        [HOOKS, 'y'],
        [EXTRACTION, 'y'],
      ],
      ['--yes'],
    );
    assert.equal(flagged.code, 0, flagged.stdout);
    assert.deepEqual(
      flagged.asked.filter((q) => EXTRACTION.test(q)),
      [],
    );
    assert.equal(fs.existsSync(w.config), false, '--yes never spends the user’s model quota');
  });
});
