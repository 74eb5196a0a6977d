// Bad input loses nothing and stops nothing: binary, non-UTF-8, minified and
// huge files are skipped with a reason naming them, and a fuzz run (random
// bytes, and real files mutated at random, a fixed count per language, with
// a fixed seed) never throws out of the indexer. Each parse is bounded by the
// indexer's own budget (PARSE_BUDGET_MS), so a hang would show as a skip.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { buildIndex } from '../../../daemon/code/build';
import { LANGUAGE_IDS, languageById, type LanguageId } from '../../../daemon/code/languages';
import { toDocument } from '../../../daemon/code/syntactic/emit';
import { readFacts } from '../../../daemon/code/syntactic';
import { Resolver } from '../../../daemon/code/syntactic/resolve';
import { readerOf } from '../../../daemon/code/readers';
import { mulberry32, ROOT, tempDir } from '../../helpers';

const SYNTACTIC = LANGUAGE_IDS.filter((id) => readerOf(id));

/** A small real-looking file per language to mutate (PHP's come from the Laravel fixture). */
const SEEDS: Partial<Record<LanguageId, string>> = {
  python:
    'from .base import Base\n\nclass Cart(Base):\n    items = []\n\n    def total(self, rate: float) -> int:\n        return sum(self.items) * rate + len(f"→ {self}")\n\ncart = Cart()\ncart.total(2)\n',
  typescript:
    "import { Base, type Sized } from './base';\nexport class Cart extends Base implements Sized {\n  private items: number[] = [];\n  total(): number { return this.items.reduce((a, b) => a + b, `→ ${0}`.length); }\n}\nexport const make = (c: Cart) => new Cart().total();\n",
  go: 'package shop\n\nimport "fmt"\n\ntype Cart struct{ items []int }\n\nfunc (c *Cart) Total() int {\n\tfmt.Println("→ total")\n\treturn len(c.items)\n}\n',
  java: 'package a;\nimport java.util.List;\nclass Cart extends Base implements Sized {\n  private List<String> items;\n  int size() { return this.items.size(); }\n}\n',
  ruby: 'module Shop\n  class Cart < Base\n    include Enumerable\n    def total\n      items.sum { |i| "→ #{i}" }\n    end\n  end\nend\n',
  rust: 'pub struct Cart { items: Vec<u32> }\nimpl Sized for Cart {\n    fn total(&self) -> u32 { self.items.iter().sum() }\n}\n',
  csharp: 'namespace Shop;\nclass Cart : Base, ISized {\n  private List<int> items;\n  public int Total() { return this.items.Count; }\n}\n',
  c: '#include <stdio.h>\nstruct cart { int n; };\nstatic int total(struct cart *c);\nint main(void) { struct cart c; return total(&c); }\n',
  cpp: 'namespace shop {\nclass Cart : public Base {\n public:\n  int total();\n};\nint Cart::total() { return this->size(); }\n}\n',
  elixir:
    'defmodule Shop.Cart do\n  @behaviour Sized\n  alias Shop.{Item, Price}\n  defstruct items: []\n  def total(%__MODULE__{items: items}) when is_list(items), do: items |> Enum.map(&Price.of/1) |> sum()\n  defp sum(xs), do: "→ #{Enum.sum(xs)}"\nend\ndefimpl Sized, for: Shop.Cart do\n  def size(c), do: length(c.items)\nend\n',
};

const EXTENSION: Record<string, string> = {};
for (const id of SYNTACTIC) EXTENSION[id] = Object.keys(languageById(id).extensions)[0]!;

function seedsOf(language: LanguageId): string[] {
  if (language !== 'php') return [SEEDS[language]!];
  const app = path.join(ROOT, 'test/fixtures/laravel-app');
  return ['app/Services/UserService.php', 'app/Http/Controllers/UserController.php', 'config/services.php', 'routes/web.php'].map((f) =>
    fs.readFileSync(path.join(app, f), 'utf8'),
  );
}

const PIECES = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '"',
  "'",
  '$',
  '\\',
  '→',
  '😀',
  '<?php',
  '?>',
  '{$x->',
  '->',
  '::',
  '#{',
  '/*',
  '*/',
  '//',
  '\n',
  ' ',
  'class ',
  'fn ',
  'def ',
  'end',
  'use ',
  'namespace ',
  'impl ',
  '<<<EOT\n',
  '`',
  '@',
  '<x-',
  'é',
];

function mutate(text: string, rnd: () => number): string {
  let s = text;
  const edits = 1 + Math.floor(rnd() * 6);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rnd() * (s.length + 1));
    const len = Math.floor(rnd() * 20);
    const op = rnd();
    if (op < 0.3) s = s.slice(0, at) + s.slice(at + len);
    else if (op < 0.55) s = s.slice(0, at) + s.slice(at, at + len).repeat(2 + Math.floor(rnd() * 3)) + s.slice(at + len);
    else if (op < 0.9) s = s.slice(0, at) + PIECES[Math.floor(rnd() * PIECES.length)]! + s.slice(at);
    else s = s.slice(0, at);
  }
  return s;
}

function randomBytes(rnd: () => number): Buffer {
  const n = Math.floor(rnd() * 600);
  const b = Buffer.alloc(n);
  // Mostly printable ASCII with some high bytes: a random byte string is almost never valid UTF-8.
  for (let i = 0; i < n; i++) b[i] = rnd() < 0.9 ? 32 + Math.floor(rnd() * 95) : 128 + Math.floor(rnd() * 128);
  return b;
}

describe('files the syntactic indexer skips', () => {
  it('binary, non-UTF-8, minified and huge files are skipped with a reason; the rest is indexed', async () => {
    const repo = tempDir('skips');
    fs.writeFileSync(path.join(repo, 'good.php'), '<?php\nfunction good() { return 1; }\n');
    fs.writeFileSync(path.join(repo, 'binary.php'), Buffer.from([0x3c, 0x3f, 0x70, 0x68, 0x70, 0x00, 0x01, 0x02]));
    fs.writeFileSync(path.join(repo, 'latin1.php'), Buffer.concat([Buffer.from('<?php\n// caf'), Buffer.from([0xe9]), Buffer.from('\nfunction latin() {}\n')]));
    fs.writeFileSync(path.join(repo, 'minified.php'), `<?php ${'function f(){return 1;}'.repeat(1000)}`);
    fs.writeFileSync(path.join(repo, 'huge.php'), `<?php\n${'$a = 1;\n'.repeat(200_000)}`);
    const out = await buildIndex({ repo, workDir: tempDir('skips-work'), nodePath: process.execPath, home: tempDir('skips-home') });
    const php = out.indexers.find((r) => r.indexer === 'tree-sitter-php')!;
    assert.equal(php.status, 'ok');
    assert.equal(php.file_count, 1);
    const skipped = (php.skipped_files ?? []).sort();
    assert.equal(skipped.length, 4, skipped.join('\n'));
    assert.match(skipped[0]!, /^binary\.php: binary/);
    assert.match(skipped[1]!, /^huge\.php: larger than 1 MiB/);
    assert.match(skipped[2]!, /^latin1\.php: not valid UTF-8/);
    assert.match(skipped[3]!, /^minified\.php: minified/);
  });
});

describe('fuzz', () => {
  const ROUNDS = 40;
  for (const language of SYNTACTIC) {
    it(`${language}: ${ROUNDS} random and mutated files index or are skipped, never throw`, async () => {
      const rnd = mulberry32(0x5c2 + language.length);
      const repo = tempDir(`fuzz-${language}`);
      const reader = readerOf(language)!;
      const seeds = seedsOf(language);
      const files: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const file = `f${i}${EXTENSION[language]}`;
        const body = i % 4 === 0 ? randomBytes(rnd) : Buffer.from(mutate(seeds[i % seeds.length]!, rnd));
        fs.writeFileSync(path.join(repo, file), body);
        files.push(file);
      }
      // Nesting deeper than any walker's stack: a skip for that file, nothing worse.
      fs.writeFileSync(
        path.join(repo, `deep${EXTENSION[language]}`),
        `${language === 'php' ? '<?php ' : ''}x = ${'('.repeat(20_000)}1${')'.repeat(20_000)};\n`,
      );
      files.push(`deep${EXTENSION[language]}`);
      const read = [];
      for (const file of files) {
        const r = await readFacts(repo, file, language, reader);
        if ('skip' in r) assert.match(r.skip, /\w/, file);
        else read.push(r);
      }
      assert.ok(read.length >= ROUNDS / 2, `${read.length} of ${files.length} files read`);
      const resolver = new Resolver(
        read.map((r) => r.facts),
        { foldCase: reader.foldCase ?? false, builtins: reader.builtins },
      );
      for (const r of read) {
        const doc = toDocument(r.facts, r.text, resolver, language);
        for (const o of doc.occurrences)
          assert.ok(
            o.range.every((n) => Number.isInteger(n) && n >= 0),
            r.facts.path,
          );
      }
    });
  }
});
