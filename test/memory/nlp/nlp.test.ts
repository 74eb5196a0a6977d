// The NLP pieces one by one, table-driven: what a sentence's names and facts
// are, what is prose and what is the agent's traffic.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  capitalizedMidSentence,
  factsIn,
  isAgentTool,
  lowercaseWords,
  mentionsIn,
  namesInCommands,
  proseOf,
  sentencesOf,
  toolNamesUsed,
  type MentionContext,
} from '../../../daemon/memory/nlp';

function names(text: string, over: Partial<MentionContext> = {}): string[] {
  const sentences = sentencesOf(text);
  const ctx: MentionContext = {
    known: new Map(),
    programs: new Map(),
    hosts: new Map(),
    toolsUsed: new Set(),
    codeNames: new Set(),
    capitalizedMid: capitalizedMidSentence(sentences),
    lowercase: lowercaseWords(sentences),
    ...over,
  };
  return sentences.flatMap((s) => mentionsIn(s, ctx).map((m) => (m.type ? `${m.type}:${m.name}` : m.name)));
}

function facts(text: string): string[] {
  const sentences = sentencesOf(text);
  const ctx: MentionContext = {
    known: new Map(),
    programs: new Map(),
    hosts: new Map(),
    toolsUsed: new Set(),
    codeNames: new Set(),
    capitalizedMid: capitalizedMidSentence(sentences),
    lowercase: lowercaseWords(sentences),
  };
  return sentences.flatMap((s) =>
    factsIn(s, mentionsIn(s, ctx)).map((f) => `${f.source === 'project' ? '(project)' : f.source.name} ${f.relation} ${f.target?.name ?? f.decision}`),
  );
}

describe('nlp', () => {
  it('splits sentences without cutting dotted names', () => {
    assert.deepEqual(
      sentencesOf('We moved to Next.js 15.5.2 last week. It builds.').map((s) => s.text),
      ['We moved to Next.js 15.5.2 last week.', 'It builds.'],
    );
    assert.deepEqual(
      sentencesOf('billing-api talks to web-1.')[0]!.tokens.map((t) => t.text),
      ['billing-api', 'talks', 'to', 'web-1', '.'],
    );
  });

  const NAMES: Array<[string, string[]]> = [
    ['The Hermes service is deployed on the machine atlas.', ['service:Hermes', 'machine:atlas']],
    ['billing-api depends on Hermes.', ['service:billing-api', 'Hermes']],
    ['Ana said the deploy is done.', ['person:Ana']],
    ['We use Postgres and Redis in production.', ['Postgres', 'Redis']],
    ['Great example! Markdown formatting is supported.', []],
    ['The TodoList, TodoItem and AddTodo components render the list.', []],
    ['Open the Settings and Dashboard pages.', []],
    ['This is a multi-step, compile-time, re-run check.', []],
    ['The key packages (Next.js, TypeScript, Tailwind) are current.', ['tool:Next.js', 'tool:TypeScript', 'tool:Tailwind']],
    // Lines of the real marot-spotter sessions (test/fixtures/memory/claude/real/marot-spotter): labels,
    // list items and pieces of code that named nothing but had become entities.
    ['- **`lib/spotter_web/live/transcript_computers.ex`** (NEW)', []],
    ['- **spotter-a0y.4** (IN PROGRESS): Wire live activity/transcript PubSub', ['PubSub']],
    ['4. Enqueues async jobs for enrichment and heatmap computation', []],
    ['- `text` → Plain text lines', []],
    ['- Explored codebase extensively to understand existing patterns', []],
    ['- Uses `credo:disable-for-next-line` for Tmux call in rescue block', ['Tmux']],
    ['- Falls back to regex pattern: `/agent-[a-zA-Z0-9]+/` in text', []],
    // An acronym in running text is still one; one the lexicon holds as an English word is not (issue 36: ordinary words never).
    ['The service speaks OTLP and exposes CRUD endpoints.', ['OTLP']],
    ['Run the INSERT after the DROP, then send the POSTs.', []],
    ['The tag P1 sits beside P0-P4 in the per-project list.', []],
    ['Removed `@max_result_lines` and called Sessions.find_or_create_project from cwd.', []],
  ];
  for (const [text, want] of NAMES) it(`names in "${text}"`, () => assert.deepEqual(names(text), want));

  it('a known name written with capitals is not every ordinary word spelt the same: the project Demo is not every "demo"', () => {
    const known = new Map([
      ['demo', 'project' as const],
      ['atlas', 'machine' as const],
    ]);
    const knownLowercase = new Set(['atlas']);
    assert.deepEqual(names('I pushed the demo to the server.', { known, knownLowercase }), []);
    assert.deepEqual(names('We need a demo for Friday.', { known, knownLowercase }), []);
    assert.deepEqual(names('We deployed it to Demo yesterday.', { known, knownLowercase }), ['project:Demo']);
    assert.deepEqual(names('It runs on atlas now.', { known, knownLowercase }), ['machine:atlas']);
  });

  it('a program the prose names is a tool; one only run is nothing, and an ordinary word needs a tool context', () => {
    const programs = new Map([
      ['wrangler', 'wrangler deploy'],
      ['tree', 'tree -L 2'],
    ]);
    assert.deepEqual(names('Deploy it with wrangler.', { programs }), ['tool:wrangler']);
    assert.deepEqual(names('Show the directory tree.', { programs }), []);
  });

  const FACTS: Array<[string, string[]]> = [
    ['The Hermes service is deployed on the machine atlas.', ['Hermes deployed_on atlas']],
    ['billing-api depends on Hermes.', ['billing-api depends_on Hermes']],
    ['Postgres is running on db-1.', ['Postgres runs_on db-1']],
    ["Let's use pnpm instead of npm.", ['npm replaced_by pnpm', '(project) uses pnpm', '(project) decided use pnpm instead of npm']],
    ['We switched from Jest to Vitest.', ['Jest replaced_by Vitest', '(project) uses Vitest', '(project) decided use Vitest instead of Jest']],
    ['We decided to keep the API on web-1, for now.', ['(project) decided keep the API on web-1, for now']],
    ['Add Credo, Dialyxir and Sobelow to the project.', ['(project) uses Credo', '(project) uses Dialyxir', '(project) uses Sobelow']],
    ['Hermes depends on configuration.', []],
  ];
  for (const [text, want] of FACTS) it(`facts in "${text}"`, () => assert.deepEqual(facts(text), want));

  it('keeps prose apart from breadcrumbs, code, tables and markup', () => {
    const p = proseOf(
      [
        'user: deploy `billing-api` to [the box](https://x.example) please',
        'assistant: [ran: ssh deploy@web-1 "systemctl restart billing"]',
        '[used mcp__github__create_issue]',
        '```ts',
        'const TodoList = () => null;',
        '```',
        '| a | b |',
        '## Result',
        'Restarted `useTodos()` on web-1; see `TodoList`.',
      ].join('\n'),
    );
    assert.deepEqual(
      p.units.map((u) => `${u.role}: ${u.text}`),
      ['user: deploy `billing-api` to the box please', 'assistant: Result.', 'assistant: Restarted that on web-1; see `TodoList`.'],
    );
    assert.deepEqual(p.commands, ['ssh deploy@web-1 "systemctl restart billing"']);
    assert.deepEqual(p.toolsUsed, ['mcp__github__create_issue']);
    assert.ok(p.codeNames.has('TodoList'));
    assert.deepEqual([...namesInCommands(p.commands).hosts.keys()], ['web-1']);
  });

  it('knows the agent tools, MCP ids and shell verbs', () => {
    for (const t of [
      'TodoWrite',
      'BashOutput',
      'KillBash',
      'exec_command',
      'write_stdin',
      'task-master-ai__get_task',
      'mcp__github__create_issue',
      'grep',
      'sed',
      'rebase',
    ])
      assert.ok(isAgentTool(t), t);
    for (const t of ['Hermes', 'wrangler', 'Postgres', 'billing-api']) assert.ok(!isAgentTool(t), t);
    assert.ok(isAgentTool('create_issue', toolNamesUsed(['github.create_issue'])));
    assert.ok(!isAgentTool('github', toolNamesUsed(['github.create_issue'])), 'the MCP server may be a thing the prose talks about');
  });
});
