// Tree-sitter extraction on small sources in each grammar: definitions with
// their kinds, calls, and the enclosing definition of each name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractOccurrences, parseSource, type GrammarId, type SyntacticOccurrence } from '../../../daemon/code/overlay';

async function extract(grammar: GrammarId, text: string): Promise<SyntacticOccurrence[]> {
  const tree = await parseSource(grammar, text);
  try {
    return extractOccurrences(tree, grammar);
  } finally {
    tree.delete();
  }
}

const pick = (occs: SyntacticOccurrence[], name: string) =>
  occs
    .filter((o) => o.name === name)
    .map((o) => ({ line: o.line, column: o.column, def: o.is_definition, call: o.is_call, kind: o.kind, in: o.containing_symbol }));

const cases: Array<{ grammar: GrammarId; text: string; name: string; expect: ReturnType<typeof pick> }> = [
  {
    grammar: 'typescript',
    text: 'export function run(a: number) {\n  const r = helper(a);\n  return new Helper(helper);\n}\nfunction helper(x: number) { return x; }\nclass Helper {}\n',
    name: 'helper',
    expect: [
      { line: 2, column: 13, def: false, call: true, kind: undefined, in: 'run' },
      { line: 3, column: 21, def: false, call: false, kind: undefined, in: 'run' },
      { line: 5, column: 10, def: true, call: false, kind: 'function', in: null },
    ],
  },
  {
    grammar: 'typescript',
    text: 'class Box {\n  open() { this.close(); }\n  close() {}\n}\n',
    name: 'close',
    expect: [
      { line: 2, column: 17, def: false, call: true, kind: undefined, in: 'Box.open' },
      { line: 3, column: 3, def: true, call: false, kind: 'method', in: 'Box' },
    ],
  },
  {
    grammar: 'tsx',
    text: 'const View = () => <div>{render()}</div>;\nfunction render() { return null; }\n',
    name: 'View',
    expect: [{ line: 1, column: 7, def: true, call: false, kind: 'function', in: null }],
  },
  {
    grammar: 'python',
    text: 'class Repo:\n    def save(self):\n        self.flush()\n\n    def flush(self):\n        pass\n\nLIMIT = 3\n',
    name: 'flush',
    expect: [
      { line: 3, column: 14, def: false, call: true, kind: undefined, in: 'Repo.save' },
      { line: 5, column: 9, def: true, call: false, kind: 'method', in: 'Repo' },
    ],
  },
  {
    grammar: 'python',
    text: 'LIMIT = 3\ndef f():\n    LIMIT = 4\n    return LIMIT\n',
    name: 'LIMIT',
    expect: [
      { line: 1, column: 1, def: true, call: false, kind: 'variable', in: null },
      { line: 3, column: 5, def: false, call: false, kind: undefined, in: 'f' },
      { line: 4, column: 12, def: false, call: false, kind: undefined, in: 'f' },
    ],
  },
  {
    grammar: 'go',
    text: 'package p\n\ntype Store struct{}\n\nfunc (s *Store) Get() int { return s.Load() }\nfunc (s *Store) Load() int { return 1 }\n',
    name: 'Load',
    expect: [
      { line: 5, column: 38, def: false, call: true, kind: undefined, in: 'Get' },
      { line: 6, column: 17, def: true, call: false, kind: 'method', in: null },
    ],
  },
  {
    grammar: 'go',
    text: 'package p\n\ntype Store struct{}\n',
    name: 'Store',
    expect: [{ line: 3, column: 6, def: true, call: false, kind: 'struct', in: null }],
  },
  {
    grammar: 'javascript',
    text: '// helper() in a comment\nconst s = "helper()";\nhelper();\n',
    name: 'helper',
    expect: [{ line: 3, column: 1, def: false, call: true, kind: undefined, in: null }],
  },
];

describe('syntactic extraction', () => {
  for (const c of cases) {
    it(`${c.grammar}: ${c.name} in ${JSON.stringify(c.text.slice(0, 30))}…`, async () => {
      assert.deepEqual(pick(await extract(c.grammar, c.text), c.name), c.expect);
    });
  }

  it('counts columns in UTF-16 code units, like the precise index', async () => {
    const text = 'const s = "日本語"; target();\n';
    const [o] = pick(await extract('typescript', text), 'target');
    assert.equal(o?.column, text.indexOf('target') + 1);
    assert.notEqual(o?.column, Buffer.byteLength(text.slice(0, text.indexOf('target'))) + 1, 'not UTF-8 bytes');
  });
});
