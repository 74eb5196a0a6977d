// The wall between the two domains (issue 25): memory knows the code it talks
// about only through the lookup declared in daemon/protocol/anchors.ts. Probe
// files placed where real code would live are linted with the project's own
// ESLint config: memory importing the code domain fails, and so does code
// importing memory; both importing the seam passes. The probes are linted as
// text at those paths and never written into the checkout, where test files
// running beside this one would see them; the type-aware parse is off for
// them (a file that is not on disk is in no tsconfig), and the rules under
// test read only imports.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { ROOT } from '../helpers';

const PROBE = `__wall_probe_${process.pid}`;

const probes = {
  memoryImportsCode: {
    file: `daemon/memory/anchors/${PROBE}.ts`,
    text: `import { IndexLookup } from '../../code/anchors';\nexport const probe = IndexLookup;\n`,
  },
  memoryImportsCodeQuery: {
    file: `daemon/memory/${PROBE}_q.ts`,
    text: `import { resolveMention } from './../code/anchors/mention';\nexport const probe = resolveMention;\n`,
  },
  codeImportsMemory: {
    file: `daemon/code/query/${PROBE}.ts`,
    text: `import { findMentions } from '../../memory/anchors';\nexport const probe = findMentions;\n`,
  },
  memorySeam: {
    file: `daemon/memory/anchors/${PROBE}_ok.ts`,
    text: `import type { CodeLookup } from '../../protocol/anchors';\nexport const probe = (l: CodeLookup): boolean => l.indexed('/r');\n`,
  },
  codeSeam: {
    file: `daemon/code/${PROBE}_ok.ts`,
    text: `import type { CodeLookup } from '../protocol/anchors';\nexport const probe = (l: CodeLookup): boolean => l.indexed('/r');\n`,
  },
} as const;

const WALL = /^no-restricted-imports: .*a domain never imports a client, the server or the other domain/;

/** The project's config without the type-aware parse (and the one rule that needs it). */
const UNTYPED = { languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } } as const;

describe('the wall between memory and code', () => {
  const messages = new Map<string, string[]>();

  before(async () => {
    const eslint = new ESLint({ cwd: ROOT, overrideConfig: UNTYPED });
    const linted = await Promise.all(Object.values(probes).map((p) => eslint.lintText(p.text, { filePath: path.join(ROOT, p.file) })));
    const results = linted.flat();
    for (const r of results)
      messages.set(
        path.relative(ROOT, r.filePath),
        r.messages.map((m) => `${m.ruleId}: ${m.message}`),
      );
  });

  it('fails memory importing the code domain, and code importing memory', () => {
    for (const p of [probes.memoryImportsCode, probes.memoryImportsCodeQuery, probes.codeImportsMemory]) {
      const found = messages.get(p.file)!;
      assert.ok(
        found.some((m) => WALL.test(m)),
        `${p.file}: ${found.join('\n')}`,
      );
    }
  });

  it('allows both to import the seam in daemon/protocol/anchors.ts', () => {
    assert.deepEqual(messages.get(probes.memorySeam.file), []);
    assert.deepEqual(messages.get(probes.codeSeam.file), []);
  });

  it('the real sources cross only the seam: no file of memory names code/, none of code names memory/', () => {
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
    const importsOf = (file: string): string[] => [...fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    for (const f of walk(path.join(ROOT, 'daemon', 'memory'))) {
      assert.ok(!importsOf(f).some((i) => /^\.{1,2}\/(\.\.\/)*code(\/|$)/.test(i)), f);
    }
    for (const f of walk(path.join(ROOT, 'daemon', 'code'))) {
      assert.ok(!importsOf(f).some((i) => /^\.{1,2}\/(\.\.\/)*memory(\/|$)/.test(i)), f);
    }
    const anchors = fs.readdirSync(path.join(ROOT, 'daemon', 'memory', 'anchors')).map((f) => path.join(ROOT, 'daemon', 'memory', 'anchors', f));
    assert.ok(
      anchors.some((f) => importsOf(f).includes('../../protocol/anchors')),
      'memory/anchors reaches the index through protocol/anchors',
    );
  });
});
