// .ci/setup-e2e run alone installs what it needs (issue 36): the Debian
// packages code-server builds with are checked and, when missing, installed
// by the script itself, not only listed in .ci/apt-packages. The dry run
// (SCRY_E2E_DRY_RUN=1) checks against this machine's real package database.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers';

const SCRIPT = path.join(ROOT, '.ci', 'setup-e2e');

describe('.ci/setup-e2e alone', () => {
  const text = fs.readFileSync(SCRIPT, 'utf8');
  const wanted = /E2E_APT=\(([^)]*)\)/.exec(text)?.[1]?.trim().split(/\s+/) ?? [];

  it('installs libkrb5-dev and the build tools itself, each also listed in .ci/apt-packages', () => {
    const listed = new Set(
      fs
        .readFileSync(path.join(ROOT, '.ci', 'apt-packages'), 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    );
    assert.ok(wanted.includes('libkrb5-dev') && wanted.includes('build-essential'), wanted.join(' '));
    assert.deepEqual(
      wanted.filter((p) => !listed.has(p)),
      [],
    );
  });

  it('reports, from dpkg, which of them this machine lacks', () => {
    const r = spawnSync('bash', [SCRIPT], {
      env: { ...process.env, SCRY_E2E_DRY_RUN: '1', SCRY_E2E_PREFIX: fs.mkdtempSync('/tmp/scry-setup-e2e-') },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const missing = wanted.filter(
      (p) => spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' }).stdout.includes('install ok installed') === false,
    );
    if (missing.length === 0) assert.match(r.stdout, /Debian packages present/);
    else assert.match(r.stdout, new RegExp(`would install with apt-get: ${missing.join(' ')}`));
  });
});
