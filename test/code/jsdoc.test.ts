// The doc-comment scanner: which names a JSDoc block refers to, where.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docReferences } from '../../daemon/code/store/jsdoc';

const names = (src: string): string[] => docReferences(src.split('\n')).map((r) => `${r.name}@${r.line + 1}:${r.col + 1}`);

describe('docReferences', () => {
  const cases: Array<[string, string, string[]]> = [
    ['{@link X} and linkcode', '/** See {@link Foo} or {@linkcode Bar.baz}. */', ['Foo@1:16', 'Bar@1:35']],
    [
      '@param/@returns types, keywords and members skipped',
      '/**\n * @param {Options | string} o\n * @returns {Promise<Result>}\n */',
      ['Options@2:12', 'Promise@3:14', 'Result@3:22'],
    ],
    ['@see', '/**\n * @see Observable\n */', ['Observable@2:9']],
    ['qualified type names keep the head only', '/** @type {ns.Inner} */', ['ns@1:12']],
    ['plain comments and code are not doc comments', '// {@link Foo}\n/* @see Bar */\nconst x = { a: 1 }; // @param {Baz}', []],
    ['only the comment itself: code after it on the line is not', '/** @see A */ const B = { x: 1 }; // @see C', ['A@1:10']],
  ];
  for (const [what, src, want] of cases) it(what, () => assert.deepEqual(names(src), want));

  it('says where each comment ends, so the documented declaration is the one after it', () => {
    const [r] = docReferences(['/**', ' * {@link Foo}', ' */', 'export function f() {}']);
    assert.equal(r?.commentEnd, 2);
  });
});
