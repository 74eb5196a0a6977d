// Merging the overlay into a precise answer: overlaid files answer from the
// overlay only, hits join the symbol they most likely are, the rest stand apart.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { mergeOverlay, mergeOverlayGroups, Overlay, type KnownSymbol } from '../../../daemon/code/overlay';
import type { Occurrence, SymbolMatch } from '../../../daemon/protocol';
import { tempDir } from '../../helpers';

const occ = (file: string, line: number, is_definition = false): Occurrence => ({
  file,
  line,
  column: 1,
  end_line: line,
  end_column: 5,
  context: '',
  containing_symbol: null,
  is_definition,
});

async function overlayWith(files: Record<string, string | null>): Promise<Overlay> {
  const root = tempDir('overlay');
  const overlay = new Overlay(root);
  for (const [file, text] of Object.entries(files)) {
    if (text !== null) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    await overlay.update(file, text === null);
  }
  return overlay;
}

describe('mergeOverlay', () => {
  const precise = (): SymbolMatch[] => [
    { symbol_id: 'npm x a.ts/load().', display_name: 'load', kind: 'function', occurrences: [occ('a.ts', 1, true), occ('b.ts', 2), occ('c.ts', 7)] },
  ];

  it('replaces an overlaid file’s occurrences with syntactic ones on the same symbol', async () => {
    const overlay = await overlayWith({ 'b.ts': 'import { load } from "./a";\n\nload();\nload();\n' });
    const [m, ...rest] = mergeOverlay('load', precise(), overlay, false);
    assert.equal(rest.length, 0);
    assert.deepEqual(
      m!.occurrences.map((o) => [o.file, o.line, o.precision ?? 'precise', o.is_call ?? null]),
      [
        ['a.ts', 1, 'precise', null],
        ['c.ts', 7, 'precise', null],
        ['b.ts', 1, 'syntactic', false],
        ['b.ts', 3, 'syntactic', true],
        ['b.ts', 4, 'syntactic', true],
      ],
    );
    assert.equal(m!.occurrences[3]!.context, 'load();');
    assert.equal(m!.occurrences[3]!.containing_symbol, 'b.ts', 'top-level code belongs to its file');
  });

  it('drops every occurrence of a deleted file', async () => {
    const overlay = await overlayWith({ 'c.ts': null });
    const [m] = mergeOverlay('load', precise(), overlay, false);
    assert.deepEqual(
      m!.occurrences.map((o) => o.file),
      ['a.ts', 'b.ts'],
    );
  });

  it('keeps only definitions for defs, and matches names ignoring case', async () => {
    const overlay = await overlayWith({ 'a.ts': 'export function LOAD() {}\nLOAD();\n' });
    const [m] = mergeOverlay('load', precise(), overlay, true);
    assert.deepEqual(
      m!.occurrences.map((o) => [o.file, o.line, o.is_definition, o.precision ?? 'precise']),
      [
        ['b.ts', 2, false, 'precise'],
        ['c.ts', 7, false, 'precise'],
        ['a.ts', 1, true, 'syntactic'],
      ],
    );
  });

  it('puts hits it cannot attribute into one syntactic match, with the declared kind', async () => {
    const two: SymbolMatch[] = [
      { symbol_id: 's1', display_name: 'fresh', kind: 'function', occurrences: [occ('x.ts', 1, true)] },
      { symbol_id: 's2', display_name: 'fresh', kind: 'variable', occurrences: [occ('y.ts', 1, true)] },
    ];
    const overlay = await overlayWith({ 'new.ts': 'export class Fresh {}\n' });
    const merged = mergeOverlay('fresh', two, overlay, false);
    assert.deepEqual(
      merged.map((m) => [m.symbol_id, m.kind, m.occurrences.length]),
      [
        ['s1', 'function', 1],
        ['s2', 'variable', 1],
        ['syntactic Fresh', 'class', 1],
      ],
    );
  });

  it('answers a name the precise index has never seen', async () => {
    const overlay = await overlayWith({ 'n.ts': 'export function brandNew() {}\n' });
    const [m] = mergeOverlay('brandnew', [], overlay, false);
    assert.equal(m?.symbol_id, 'syntactic brandNew');
    assert.equal(m?.occurrences[0]?.is_definition, true);
  });

  it('settles: a build covering a change drops it, a later change stays', async () => {
    const overlay = await overlayWith({ 'b.ts': 'load();\n' });
    const covered = overlay.currentSeq;
    const root = overlay.root;
    fs.writeFileSync(path.join(root, 'c.ts'), 'load();\n');
    await overlay.update('c.ts', false);
    overlay.settle(covered);
    assert.equal(overlay.has('b.ts'), false);
    assert.equal(overlay.has('c.ts'), true);
    assert.equal(overlay.size, 1);
  });
});

describe('mergeOverlayGroups (callers and callees)', () => {
  const at = (file: string, line: number): Occurrence => ({ ...occ(file, line), is_call: true });
  const shape = (groups: SymbolMatch[]): Array<[string, string, string, string[]]> =>
    groups.map((g) => [g.symbol_id, g.display_name, g.kind, g.occurrences.map((o) => `${o.file}:${o.line}${o.precision === 'syntactic' ? ' syntactic' : ''}`)]);
  const edited = [
    'import { load } from "./a";',
    'export function run() {',
    '  load();',
    '}',
    'export class Svc {',
    '  fresh() { return load(); }',
    '}',
    'const alias = load;',
    'load();',
  ].join('\n');

  it('callers: an overlaid file’s call sites regroup by the definition they sit in, joining the precise caller of that name', async () => {
    const precise: SymbolMatch[] = [
      { symbol_id: 'npm x b.ts/run().', display_name: 'run', kind: 'function', occurrences: [at('b.ts', 3)] },
      { symbol_id: 'npm x b.ts/gone().', display_name: 'gone', kind: 'function', occurrences: [at('b.ts', 9)] },
      { symbol_id: 'npm x c.ts/other().', display_name: 'other', kind: 'function', occurrences: [at('c.ts', 7)] },
    ];
    const overlay = await overlayWith({ 'b.ts': edited });
    assert.deepEqual(shape(mergeOverlayGroups('load', precise, overlay, { callees: false, allRefs: false })), [
      ['npm x b.ts/run().', 'run', 'function', ['b.ts:3 syntactic']],
      ['npm x c.ts/other().', 'other', 'function', ['c.ts:7']],
      ['syntactic Svc.fresh', 'fresh', 'method', ['b.ts:6 syntactic']],
      ['file b.ts', 'b.ts', 'file', ['b.ts:9 syntactic']],
    ]);
    const withUses = mergeOverlayGroups('load', [], overlay, { callees: false, allRefs: true });
    assert.ok(
      shape(withUses).some(([, , , sites]) => sites.includes('b.ts:8 syntactic')),
      'all_refs: the alias is a use too',
    );
  });

  it('callees: what the definition calls now, from its overlaid file', async () => {
    const precise: SymbolMatch[] = [
      { symbol_id: 'npm x a.ts/load().', display_name: 'load', kind: 'function', occurrences: [at('b.ts', 3)] },
      { symbol_id: 'npm x a.ts/log().', display_name: 'log', kind: 'function', occurrences: [at('b.ts', 4)] },
    ];
    const overlay = await overlayWith({ 'b.ts': 'export function run() {\n  save();\n  load();\n}\nfunction other() { log(); }\n' });
    assert.deepEqual(shape(mergeOverlayGroups('run', precise, overlay, { callees: true, allRefs: false })), [
      ['npm x a.ts/load().', 'load', 'function', ['b.ts:3 syntactic']],
      ['syntactic save', 'save', 'unknown', ['b.ts:2 syntactic']],
    ]);
  });

  it('joins the precise index’s only symbol of the name; a caller only when its qualified name agrees', async () => {
    const overlay = await overlayWith({ 'b.ts': edited });
    const known = (name: string): KnownSymbol | undefined =>
      ({
        run: { symbol_id: 'npm x b.ts/run().', display_name: 'run', qualified_name: 'run', kind: 'function' },
        fresh: { symbol_id: 'npm x d.ts/Other#fresh().', display_name: 'fresh', qualified_name: 'Other.fresh', kind: 'method' },
      })[name];
    assert.deepEqual(
      shape(mergeOverlayGroups('load', [], overlay, { callees: false, allRefs: false, known })).map(([id]) => id),
      ['npm x b.ts/run().', 'syntactic Svc.fresh', 'file b.ts'],
    );
    const calls = await overlayWith({ 'b.ts': 'export function run() {\n  save();\n}\n' });
    const saved = (name: string): KnownSymbol | undefined =>
      name === 'save' ? { symbol_id: 'npm x s.ts/save().', display_name: 'save', qualified_name: 'save', kind: 'function' } : undefined;
    assert.deepEqual(shape(mergeOverlayGroups('run', [], calls, { callees: true, allRefs: false, known: saved })), [
      ['npm x s.ts/save().', 'save', 'function', ['b.ts:2 syntactic']],
    ]);
  });

  it('changes nothing for files the overlay does not hold', async () => {
    const precise: SymbolMatch[] = [{ symbol_id: 's', display_name: 'run', kind: 'function', occurrences: [at('c.ts', 2)] }];
    const overlay = await overlayWith({ 'z.ts': 'export const unrelated = 1;\n' });
    assert.deepEqual(mergeOverlayGroups('load', precise, overlay, { callees: false, allRefs: false }), precise);
  });
});
