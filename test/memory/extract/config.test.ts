// config.yaml: valid, invalid, half-written, key in file; the loader keeps the last good one.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, ConfigSecretError, configFile, MemoryConfigLoader, parseConfig } from '../../../daemon/memory/config';
import { tempDir } from '../../helpers';

const VALID = `# Scry configuration
hooks:
  session_start: true
memory:
  providers:
    - type: claude-cli
      model: haiku
    - type: openai
      base_url: http://127.0.0.1:11434/v1
      model: llama3.1
      timeout_ms: 90000
    - type: anthropic
      api_key_env: ANTHROPIC_API_KEY
      cooldown_ms: 300000
    - type: offline
  budget:
    daily_episodes: 200
  sweep:
    enabled: false
    interval_minutes: 30
  sources:
    runs: [/home/ana/runs]
`;

describe('memory config', () => {
  it('parses a valid file with defaults filled in', () => {
    const c = parseConfig(VALID, 'config.yaml');
    assert.deepEqual(
      c.providers.map((p) => [p.type, p.name, p.timeoutMs, p.cooldownMs]),
      [
        ['claude-cli', 'claude-cli', 120_000, 600_000],
        ['openai', 'openai', 90_000, 600_000],
        ['anthropic', 'anthropic', 60_000, 300_000],
        ['offline', 'offline', 10_000, 600_000],
      ],
    );
    assert.equal(c.providers[2]!.apiKeyEnv, 'ANTHROPIC_API_KEY');
    assert.deepEqual(c.budget, { dailyEpisodes: 200, dailyTokens: undefined });
    assert.deepEqual(c.sweep, { enabled: false, intervalMinutes: 30, minAgeMinutes: 5 });
    assert.deepEqual(c.sources.runs, ['/home/ana/runs']);
    assert.equal(c.defaultProviders, false);
  });

  it('with no memory section, the chain is offline only', () => {
    const c = parseConfig('hooks: {}\n', 'config.yaml');
    assert.deepEqual(
      c.providers.map((p) => p.type),
      ['offline'],
    );
    assert.equal(c.defaultProviders, true);
    assert.equal(parseConfig('', 'config.yaml').providers.length, 1);
  });

  it('names file, line and key for an invalid provider type', () => {
    const text = VALID.replace('    - type: openai', '    - type: gpt');
    assert.throws(
      () => parseConfig(text, '/h/config.yaml'),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.match(e.message, /^\/h\/config\.yaml:8: memory\.providers\[1\]\.type: .*claude-cli.*offline/);
        return true;
      },
    );
  });

  it('names the line of a wrongly typed number and of an unknown key', () => {
    assert.throws(
      () => parseConfig(VALID.replace('daily_episodes: 200', 'daily_episodes: lots'), 'config.yaml'),
      /config\.yaml:17: memory\.budget\.daily_episodes: .*expected number/,
    );
    assert.throws(
      () => parseConfig(VALID.replace('      model: haiku', '      modle: haiku'), 'config.yaml'),
      /config\.yaml:6: memory\.providers\[0\]: .*modle/,
    );
  });

  it('rejects a half-written (truncated) file with its line', () => {
    const truncated = VALID.slice(0, VALID.indexOf('      timeout_ms')) + '      timeout_ms: [9000';
    assert.throws(
      () => parseConfig(truncated, 'config.yaml'),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.match(e.message, /^config\.yaml:\d+: yaml: /);
        return true;
      },
    );
  });

  it('rejects an API key in the file without echoing it', () => {
    const secret = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';
    for (const text of [
      VALID.replace('      api_key_env: ANTHROPIC_API_KEY', `      api_key: ${secret}`),
      VALID.replace('      api_key_env: ANTHROPIC_API_KEY', `      api_key_env: ${secret}`),
    ]) {
      assert.throws(
        () => parseConfig(text, 'config.yaml'),
        (e: unknown) => {
          assert.ok(e instanceof ConfigSecretError, String(e));
          assert.match(e.message, /^config\.yaml:13: memory\.providers\[2\]\.api_key(_env)?: looks like an API key/);
          assert.ok(!e.message.includes(secret));
          return true;
        },
      );
    }
  });

  it('keeps the last good configuration when the file goes bad', () => {
    const home = tempDir('config');
    const loader = new MemoryConfigLoader(configFile(home));
    assert.equal(loader.reload(), undefined, 'a missing file is the default');
    assert.deepEqual(
      loader.current.providers.map((p) => p.type),
      ['offline'],
    );
    fs.writeFileSync(configFile(home), VALID);
    assert.equal(loader.reload(), undefined);
    assert.equal(loader.current.providers.length, 4);
    fs.writeFileSync(configFile(home), VALID.slice(0, 140));
    const err = loader.reload();
    assert.ok(err);
    assert.ok(err.message.startsWith(path.join(home, 'config.yaml')));
    assert.equal(loader.current.providers.length, 4, 'still the last good one');
    fs.writeFileSync(configFile(home), VALID.replace('daily_episodes: 200', 'daily_episodes: 5'));
    assert.equal(loader.reload(), undefined);
    assert.equal(loader.current.budget.dailyEpisodes, 5);
    assert.equal(loader.error, undefined);
  });

  it('an unknown key is an error at every level, naming it', () => {
    for (const [text, where] of [
      ['memroy:\n  providers: []\n', /config\.yaml:1: \(root\): .*memroy/],
      ['hooks:\n  session_startt: false\n', /config\.yaml:1: hooks: .*session_startt/],
      ['memory:\n  sweep:\n    enable: false\n', /config\.yaml:2: memory\.sweep: .*enable/],
      ['memory:\n  sources:\n    geminy: /x\n', /config\.yaml:2: memory\.sources: .*geminy/],
    ] as const) {
      assert.throws(
        () => parseConfig(text, 'config.yaml'),
        (e: unknown) => {
          assert.ok(e instanceof ConfigError, String(e));
          assert.match(e.message, where);
          return true;
        },
      );
    }
  });

  it('keeps a copy of the last good file for the next start; with none, sweeps and hooks stay off', () => {
    const home = tempDir('config-kept');
    fs.writeFileSync(configFile(home), VALID);
    const first = new MemoryConfigLoader(configFile(home));
    assert.equal(first.reload(), undefined);
    assert.ok(fs.existsSync(first.lastGoodFile));
    fs.writeFileSync(configFile(home), VALID.slice(0, 140));
    // A new process (a restart) with the file broken: the kept copy runs, and says so.
    const restarted = new MemoryConfigLoader(configFile(home));
    assert.ok(restarted.reload());
    assert.equal(restarted.fallback, 'last-good');
    assert.equal(restarted.current.sweep.enabled, false, "the file's own sweep.enabled: false");
    assert.equal(restarted.current.providers.length, 4);
    // With no copy ever kept: offline, and nothing that acts on its own.
    fs.rmSync(first.lastGoodFile);
    const bare = new MemoryConfigLoader(configFile(home));
    assert.ok(bare.reload());
    assert.equal(bare.fallback, 'safe');
    assert.deepEqual([bare.current.sweep.enabled, bare.current.hooks.sessionStart, bare.current.hooks.sessionEnd], [false, false, false]);
    assert.deepEqual(
      bare.current.providers.map((p) => p.type),
      ['offline'],
    );
    // Fixed: the file runs again and the error clears.
    fs.writeFileSync(configFile(home), VALID.replace('enabled: false', 'enabled: true'));
    assert.equal(bare.reload(), undefined);
    assert.equal(bare.fallback, undefined);
    assert.equal(bare.current.sweep.enabled, true);
  });

  it('the commented example in the repository is valid', () => {
    const example = path.resolve(__dirname, '../../../daemon/memory/config.example.yaml');
    const c = parseConfig(fs.readFileSync(example, 'utf8'), example);
    assert.ok(c.providers.length >= 1);
  });
});
