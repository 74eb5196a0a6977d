// The orientation block: found by the git root of any folder inside the
// repository, within every budget (counted by estimateTokens, the one rule),
// trimmed by importance and only by whole lines, empty when memory is.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { estimateTokens } from '../../../daemon/memory/episode';
import { orient } from '../../../daemon/memory/orient';
import { MemoryStore } from '../../../daemon/memory/store';
import { tempDir } from '../../helpers';
import { fixtureGraph, type FixtureGraph } from './fixture-graph';

const NOW = new Date('2025-05-01T12:00:00.000Z');

/** A git repository whose folder is named like the fixture project, with a folder deep inside it. */
function repoNamed(name: string): { root: string; deep: string } {
  const root = path.join(tempDir('orient'), name);
  const deep = path.join(root, 'src', 'api', 'routes');
  fs.mkdirSync(deep, { recursive: true });
  fs.mkdirSync(path.join(root, '.git'));
  return { root, deep };
}

describe('memory orient', () => {
  let g: FixtureGraph;
  before(async () => {
    g = await fixtureGraph(() => NOW);
  });
  after(() => g.close());

  it('finds the repository by its git root and says what memory holds about it', () => {
    const { root, deep } = repoNamed('hermes');
    const r = orient(g.store, { cwd: deep }, NOW);
    assert.equal(r.repo, root);
    assert.equal(r.project, 'hermes');
    assert.match(r.text, /^## Scry memory\n\*\*hermes\*\* \(/);
    assert.match(r.text, /web-2/, 'where it is deployed now');
    assert.match(r.text, /scry_recall/);
    assert.match(r.text, /Other projects, latest session first:\n- (ledger|atlas) /);
    assert.ok(r.tokens <= r.budget && r.budget === 500);
  });

  it('stays within every budget, drops whole lines only, and keeps the most important ones', () => {
    const { deep } = repoNamed('hermes');
    const full = orient(g.store, { cwd: deep, budget: 100_000 }, NOW);
    const fullLines = new Set(full.text.split('\n'));
    let previous: string[] = [];
    for (const budget of [30, 45, 60, 90, 150, 250, 500, 100_000]) {
      const r = orient(g.store, { cwd: deep, budget }, NOW);
      assert.ok(estimateTokens(r.text) <= budget, `budget ${budget}: ${estimateTokens(r.text)} tokens`);
      assert.equal(r.tokens, estimateTokens(r.text));
      if (r.text === '') continue;
      assert.ok(r.text.endsWith('\n'));
      const lines = r.text.split('\n');
      for (const l of lines) assert.ok(fullLines.has(l), `budget ${budget}: '${l}' is not a whole line of the full block`);
      for (const l of previous) assert.ok(lines.includes(l), `budget ${budget} lost '${l}' that a smaller budget kept`);
      previous = lines;
    }
    const tiny = orient(g.store, { cwd: deep, budget: 60 }, NOW);
    assert.ok(tiny.omitted > 0);
    assert.match(tiny.text, /\*\*hermes\*\*/, 'the repository comes first');
    assert.equal(orient(g.store, { cwd: deep, budget: 5 }, NOW).text, '', 'too small for anything: nothing, not half a line');
  });

  it('a repository memory has never seen still gets the recently active projects', () => {
    const { root } = repoNamed('brand-new');
    const r = orient(g.store, { cwd: root }, NOW);
    assert.doesNotMatch(r.text, /\*\*brand-new\*\*/);
    assert.match(r.text, /Other projects, latest session first:/);
  });

  it('prints nothing when memory is empty', () => {
    const dir = tempDir('orient-empty');
    const store = new MemoryStore(path.join(dir, 'memory.db'));
    try {
      const r = orient(store, { cwd: repoNamed('hermes').root }, NOW);
      assert.equal(r.text, '');
      assert.equal(r.tokens, 0);
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
