// The offline extractor on realistic distilled episodes: what it finds, and
// what it must not turn into entities.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { extractOffline } from '../../../daemon/memory/extract';
import { ExtractionSchema, type Extraction } from '../../../daemon/memory/extract/schema';
import { classifyName } from '../../../daemon/memory/resolve';
import { MemoryStore, type GlossaryEntry } from '../../../daemon/memory/store';
import { tempDir } from '../../helpers';
import { DEPLOY_SESSION, draft, GENERIC_SESSION, SWITCH_SESSION } from './episodes';

function run(text: string, glossary: GlossaryEntry[] = [], over: Parameters<typeof draft>[1] = {}): Extraction {
  const d = draft(text, over);
  const x = extractOffline({ episode: { ...d, ingestedAt: d.occurredAt, extraction: 'pending' }, glossary, referenceTime: d.occurredAt });
  // Offline output goes through the same door as a model's.
  return ExtractionSchema.parse(x);
}
const names = (x: Extraction): string[] => x.entities.map((e) => `${e.type}:${e.name}`).sort();
const triples = (x: Extraction): string[] => x.facts.map((f) => `${f.source} ${f.relation} ${f.target ?? f.value}`).sort();

describe('offline extractor', () => {
  it('reads the project, the machine the prose names and a decision from a deploy session, and no tool traffic', () => {
    const x = run(DEPLOY_SESSION);
    // docker, ssh and the github MCP tool were only run or called: breadcrumbs, not what the session talks about.
    assert.deepEqual(names(x), ['decision:keep the API on web-1 until the migration is done', 'machine:web-1', 'project:hermes']);
    assert.deepEqual(triples(x), ['hermes connects_to web-1', 'hermes decided keep the API on web-1 until the migration is done']);
    assert.equal(x.entities.find((e) => e.type === 'project')?.repo, '/home/ana/src/hermes');
    // Each fact's text is the sentence that states it.
    assert.equal(x.facts.find((f) => f.relation === 'decided')?.fact, 'We decided to keep the API on web-1 until the migration is done.');
  });

  it('turns "use X instead of Y" and "switch from Y to X" into replaced_by facts', () => {
    const x = run(SWITCH_SESSION, [], { cwd: '/home/ana/src/shop', repoRoot: '/home/ana/src/shop' });
    const t = triples(x);
    assert.ok(t.includes('npm replaced_by pnpm'), t.join('\n'));
    assert.ok(t.includes('Jest replaced_by Vitest'), t.join('\n'));
    assert.ok(t.includes('shop uses pnpm'));
    assert.ok(t.includes('shop decided use pnpm instead of npm'));
    assert.ok(names(x).includes('tool:npx') === false, 'npx is a wrapper, vitest is the tool');
    assert.ok(names(x).includes('tool:vitest') || names(x).includes('tool:Vitest'));
  });

  it('makes no entity of generic words, temp paths, hashes, UUIDs or ports', () => {
    const x = run(GENERIC_SESSION);
    assert.deepEqual(names(x), ['project:hermes']);
    for (const e of x.entities) assert.equal(classifyName(e.name), 'entity');
  });

  it('finds names the glossary knows, by name or alias', () => {
    const glossary: GlossaryEntry[] = [
      { name: 'Hermes gateway', type: 'service', aliases: ['hgw'] },
      { name: 'Ana', type: 'person', aliases: [] },
      { name: 'Zephyr', type: 'project', aliases: [] },
    ];
    const x = run('user: restart hgw please, Ana said it is stuck\nassistant: restarted.', glossary);
    assert.deepEqual(names(x), ['person:Ana', 'project:hermes', 'service:Hermes gateway']);
  });

  it('reads entities and the fact of a plain sentence, typed by the words around them', () => {
    const hermes = run('user: The Hermes service is deployed on the machine atlas.', [], { cwd: undefined, repoRoot: undefined });
    assert.deepEqual(names(hermes), ['machine:atlas', 'service:Hermes']);
    assert.deepEqual(triples(hermes), ['Hermes deployed_on atlas']);
    assert.equal(hermes.facts[0]!.fact, 'The Hermes service is deployed on the machine atlas.');
    const billing = run('user: billing-api depends on Hermes.', [{ name: 'Hermes', type: 'service', aliases: [] }], { cwd: undefined, repoRoot: undefined });
    assert.deepEqual(names(billing), ['service:Hermes', 'service:billing-api']);
    assert.deepEqual(triples(billing), ['billing-api depends_on Hermes']);
  });

  it("never makes an entity of the agent's own tools, MCP tool ids or shell verbs, even when the prose names them", () => {
    const text = [
      'user: please track this with TodoWrite and check BashOutput, then call exec_command and write_stdin.',
      'assistant: I used the task-master-ai__get_task tool and mcp__github__create_issue, then ran grep and sed over the logs.',
      '[used TodoWrite]',
      '[used mcp__task-master-ai__get_task]',
      '[ran: grep -rn TODO src | sed -e s/x/y/]',
      'assistant: I will use clean instead of with.',
    ].join('\n');
    const x = run(text, [], { cwd: '/home/ana/src/shop', repoRoot: '/home/ana/src/shop' });
    assert.deepEqual(names(x), ['project:shop']);
  });

  it('a program the session runs is a tool only when the prose talks about it too', () => {
    const quiet = run('user: deploy it\n[ran: wrangler deploy --env prod]\nassistant: Deployed.', [], {
      cwd: '/home/ana/src/shop',
      repoRoot: '/home/ana/src/shop',
    });
    assert.deepEqual(names(quiet), ['project:shop']);
    const said = run('user: deploy it with wrangler, the worker config is in wrangler.toml\n[ran: wrangler deploy --env prod]\nassistant: Deployed.', [], {
      cwd: '/home/ana/src/shop',
      repoRoot: '/home/ana/src/shop',
    });
    assert.deepEqual(names(said), ['project:shop', 'tool:wrangler']);
    assert.deepEqual(triples(said), ['shop uses wrangler']);
  });

  it('keeps what an assistant concludes as a note on what the sentence is about', () => {
    const x = run(
      'user: why does the Hermes build fail?\nassistant: The root cause was a stale lockfile in the Hermes repo, so the install picked old versions.',
      [],
      { cwd: '/home/ana/src/shop', repoRoot: '/home/ana/src/shop' },
    );
    assert.deepEqual(triples(x), ['Hermes note The root cause was a stale lockfile in the Hermes repo, so the install picked old versions.']);
  });

  it('feeds the graph: the same session twice is one set of facts with two episodes of provenance', () => {
    const store = new MemoryStore(path.join(tempDir('offline'), 'memory.db'));
    try {
      for (const text of [DEPLOY_SESSION, DEPLOY_SESSION]) {
        const d = draft(text);
        store.addEpisode(d);
        const ep = store.episode(d.id)!;
        store.applyExtraction(d.id, extractOffline({ episode: ep, glossary: store.glossary({ repo: ep.repoRoot }), referenceTime: ep.occurredAt }), 'offline');
      }
      const hermes = store.findEntity('hermes', 'project')!;
      const facts = store.factsOf(hermes.id);
      assert.equal(facts.length, 2);
      for (const f of facts) assert.equal(store.factEpisodes(f.id).length, 2);
      const web1 = store.findEntity('web-1', 'machine')!;
      assert.ok(facts.some((f) => f.relation === 'connects_to' && f.targetId === web1.id));
    } finally {
      store.close();
    }
  });
});
