// The walls lint holds, checked by running the project's own ESLint config on
// probe files placed where real code would live: raw SQL outside
// daemon/memory/store/, and cli/ or setup/ importing a domain, fail; the same
// code where it belongs passes; the cold path cli/direct.ts stays allowed.
// The probes are linted as text at those paths, never written into the
// checkout (test files running beside this one would see them); the
// type-aware parse is off for them (a file not on disk is in no tsconfig),
// and the rules under test read only the syntax.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from '../helpers';

const PROBE = `__lint_probe_${process.pid}`;

const SQL_PROBE = `import type { MemoryStore } from './store';
export const probe = (store: MemoryStore): unknown => store.db.prepare(\`SELECT id FROM facts WHERE id = ?\`).get(1);
`;

const probes = {
  memoryFeature: { file: `daemon/memory/${PROBE}.ts`, text: SQL_PROBE },
  memoryStore: { file: `daemon/memory/store/${PROBE}.ts`, text: SQL_PROBE },
  cliDomain: { file: `daemon/cli/${PROBE}.ts`, text: `import { MemoryStore } from '../memory/store';\nexport const probe = MemoryStore;\n` },
  setupDomain: { file: `daemon/setup/${PROBE}.ts`, text: `import { CodeStore } from '../code/store/store';\nexport const probe = CodeStore;\n` },
  cliProtocol: {
    file: `daemon/cli/${PROBE}_ok.ts`,
    text: `import { ALL_METHODS } from '../protocol';\nimport { connectRunning } from '../client';\nexport const probe = [ALL_METHODS, connectRunning];\n`,
  },
} as const;

/** The project's config without the type-aware parse (and the one rule that needs it). */
const UNTYPED = { languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } } as const;

describe('lint zones', () => {
  const messages = new Map<string, string[]>();

  before(async () => {
    const eslint = new ESLint({ cwd: ROOT, overrideConfig: UNTYPED });
    const linted = await Promise.all(Object.values(probes).map((p) => eslint.lintText(p.text, { filePath: path.join(ROOT, p.file) })));
    const results = [...linted.flat(), ...(await eslint.lintFiles(['daemon/cli/direct.ts']))];
    for (const r of results)
      messages.set(
        path.relative(ROOT, r.filePath),
        r.messages.map((m) => `${m.ruleId}: ${m.message}`),
      );
  });

  it('fails raw SQL in memory outside memory/store/, and allows it inside', () => {
    const outside = messages.get(probes.memoryFeature.file)!;
    assert.ok(
      outside.some((m) => /raw SQL stays in daemon\/memory\/store\//.test(m)),
      outside.join('\n'),
    );
    assert.ok(outside.filter((m) => m.startsWith('no-restricted-syntax')).length >= 3, 'the connection, the statement and the SQL text are each named');
    assert.deepEqual(messages.get(probes.memoryStore.file), []);
  });

  it('fails cli/ and setup/ importing a domain, and allows the protocol and the client', () => {
    for (const p of [probes.cliDomain, probes.setupDomain]) {
      const found = messages.get(p.file)!;
      assert.ok(
        found.some((m) => /^no-restricted-imports: .*cli\/ and setup\/ reach the domains only through daemon\/protocol and daemon\/client/.test(m)),
        `${p.file}: ${found.join('\n')}`,
      );
    }
    assert.deepEqual(messages.get(probes.cliProtocol.file), []);
  });

  it('allows the cold path cli/direct.ts to read the index file', () => {
    assert.match(fs.readFileSync(path.join(ROOT, 'daemon/cli/direct.ts'), 'utf8'), /from '\.\.\/code\//, 'direct.ts does import the code domain');
    assert.deepEqual(messages.get('daemon/cli/direct.ts'), []);
  });
});
