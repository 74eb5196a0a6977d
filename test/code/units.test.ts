// Table-driven tests for the small pure pieces: symbol parsing, call
// detection and the containing-definition sweep.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isCallAt } from '../../daemon/code/store/calls';
import { containingDefinitions } from '../../daemon/code/store/containing';
import { kindFromSuffix, parentName, parseSymbol, qualifiedName, symbolName } from '../../daemon/code/scip/symbol';
import { kindFromDeclaration } from '../../daemon/code/scip/kinds';

describe('parseSymbol', () => {
  const cases: Array<[string, string, string, string | null, string]> = [
    // symbol, name, qualified, parent, kind
    ['scip-typescript npm rxjs 7.8.2 src/internal/`Observable.ts`/Observable#subscribe().', 'subscribe', 'Observable.subscribe', 'Observable', 'method'],
    ['scip-typescript npm rxjs 7.8.2 src/internal/operators/`map.ts`/map().', 'map', 'map', 'map', 'function'],
    ['scip-typescript npm rxjs 7.8.2 src/internal/`Observable.ts`/Observable#', 'Observable', 'Observable', 'Observable', 'type'],
    [
      'scip-typescript npm rxjs 7.8.2 src/internal/`types.ts`/Subscribable#subscribe().(observer)',
      'observer',
      'Subscribable.subscribe',
      'subscribe',
      'parameter',
    ],
    ['scip-python python requests 2.31.0 `requests.sessions`/Session#request().', 'request', 'Session.request', 'Session', 'method'],
    ['scip-go gomod github.com/x/y v1.0.0 `github.com/x/y/pkg`/Client#Connect().', 'Connect', 'Client.Connect', 'Client', 'method'],
    ['scip-typescript npm . . lib/`a b.ts`/`weird name`.', 'weird name', 'weird name', 'a b', 'variable'],
    ['local 42', '42', '42', null, 'local'],
  ];
  for (const [symbol, name, qualified, parent, kind] of cases) {
    it(symbol, () => {
      const p = parseSymbol(symbol);
      assert.equal(symbolName(p), name);
      assert.equal(qualifiedName(p), qualified);
      assert.equal(parentName(p), parent);
      assert.equal(kindFromSuffix(p), kind);
    });
  }
  it('unescapes doubled spaces in the package fields', () => {
    assert.equal(parseSymbol('scip-ts npm my  pkg 1.0 x.').packageName, 'my pkg');
  });
});

describe('kindFromDeclaration', () => {
  const cases: Array<[string, string, string]> = [
    ['export interface ', 'type', 'interface'],
    ['export declare class ', 'type', 'class'],
    ['export type ', 'type', 'type_alias'],
    ['export function ', 'function', 'function'],
    ['  async function* ', 'function', 'function'],
    ['export const ', 'variable', 'constant'],
    ['  ', 'method', 'method'],
    ['  private ', 'property', 'property'],
    ['def ', 'method', 'method'],
  ];
  for (const [prefix, suffixKind, expected] of cases)
    it(`'${prefix}' + ${suffixKind} -> ${expected}`, () => assert.equal(kindFromDeclaration(prefix, suffixKind), expected));
});

describe('isCallAt', () => {
  const cases: Array<[string, string, boolean]> = [
    ['const x = mergeMap(fn);', 'mergeMap', true],
    ['return mergeMap<T, R>(fn, 1);', 'mergeMap', true],
    ['new Subscriber(destination)', 'Subscriber', true],
    ['callback?.(value)', 'callback', true],
    ['export { mergeMap } from "./mergeMap";', 'mergeMap', false],
    ['const op = mergeMap;', 'mergeMap', false],
    ['if (a < b) { c(); }', 'a', false],
    ['x: Observable<T>;', 'Observable', false],
    ['foo (1)', 'foo', true],
  ];
  for (const [line, ident, expected] of cases) {
    it(`${line} [${ident}] -> ${expected}`, () => {
      const start = line.indexOf(ident);
      assert.equal(isCallAt(line, start, start + ident.length), expected);
    });
  }
});

describe('containingDefinitions', () => {
  it('assigns each occurrence to the innermost enclosing definition, never to itself', () => {
    // class A (lines 0-10) { method m (2-5) { ... } method n (6-9) }
    const intervals = [
      { startLine: 0, startCol: 0, endLine: 10, endCol: 1, id: 1 },
      { startLine: 2, startCol: 2, endLine: 5, endCol: 3, id: 2 },
      { startLine: 6, startCol: 2, endLine: 9, endCol: 3, id: 3 },
    ];
    const ranges: Array<[number, number, number, number]> = [
      [0, 6, 0, 7], // A's own name: contained by nothing else
      [2, 2, 2, 3], // m's own name: inside A
      [3, 4, 3, 8], // a call inside m
      [5, 1, 5, 2], // the last line of m, before its end column
      [7, 4, 7, 9], // inside n
      [11, 0, 11, 3], // after everything
    ];
    const own = [1, 2, 99, 98, 97, 96];
    assert.deepEqual(containingDefinitions(ranges, own, intervals), [undefined, 1, 2, 2, 3, undefined]);
  });
  it('handles occurrences given out of order', () => {
    const intervals = [{ startLine: 5, startCol: 0, endLine: 8, endCol: 0, id: 7 }];
    assert.deepEqual(
      containingDefinitions(
        [
          [9, 0, 9, 1],
          [6, 0, 6, 1],
          [1, 0, 1, 1],
        ],
        [1, 2, 3],
        intervals,
      ),
      [undefined, 7, undefined],
    );
  });
});
