// Rust paths and bindings: `crate::`, `self::`, `super::` and `use` imports
// resolve to the definition in the module file the `mod` declarations lay
// out (src/a/b.rs, src/a/b/mod.rs), through `pub use` re-exports; a method
// call on a `let` typed by its annotation or its `Type::new(..)` goes to that
// type; anything else stays unresolved, never bound by its bare name. On a
// small crate written here, and on Debian's clap (real code nobody here wrote).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { buildIndex } from '../../../daemon/code/build';
import { callers } from '../../../daemon/code/query/callers';
import { refs } from '../../../daemon/code/query/refs';
import { CodeStore } from '../../../daemon/code/store/store';
import { lineOf, tempDir } from '../../helpers';
import { debianSources } from './sources';

const S = 'scry-syntactic rust . . ';

async function indexed(repo: string): Promise<CodeStore> {
  const work = tempDir('rust-paths-work');
  const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: tempDir('rust-paths-home') });
  assert.deepEqual(
    out.indexers.map((r) => [r.language, r.indexer, r.status]),
    [['rust', 'tree-sitter-rust', 'ok']],
  );
  fs.renameSync(out.nextPath, path.join(work, 'index.db'));
  return new CodeStore(path.join(work, 'index.db'));
}

/** Each match of a name: its symbol (scheme dropped) and where it occurs, `file:line` with `D` for a definition. */
const uses = (store: CodeStore, name: string): Array<[string, string[]]> =>
  refs(store, name).matches.map((m) => [m.symbol_id.replace(S, ''), m.occurrences.map((o) => `${o.file}:${o.line}${o.is_definition ? 'D' : ''}`)]);

const CRATE: Record<string, string> = {
  'Cargo.toml': '[package]\nname = "geo"\nversion = "0.1.0"\nedition = "2021"\n',
  'src/lib.rs': `pub mod shapes;
pub mod util;
mod geometry;

use crate::shapes::Circle;

pub fn total() -> f64 {
    let c = Circle::new(1.0);
    let s: shapes::Square = shapes::Square { side: 2.0 };
    c.area() + s.area() + util::helper() + crate::geometry::angles::right()
}
`,
  'src/shapes.rs': `pub struct Circle {
    r: f64,
}

impl Circle {
    pub fn new(r: f64) -> Self {
        Circle { r }
    }

    pub fn area(&self) -> f64 {
        3.14 * self.r * self.r
    }
}

pub struct Square {
    pub side: f64,
}

impl Square {
    pub fn area(&self) -> f64 {
        self.side * self.side
    }
}

pub fn unit() -> Circle {
    super::util::helper();
    Circle::new(1.0)
}
`,
  // A decoy: a free function named like the methods, which no method call may bind to.
  'src/util.rs': 'pub fn helper() -> f64 {\n    1.0\n}\n\npub fn area() -> f64 {\n    0.0\n}\n',
  'src/geometry/mod.rs': 'pub mod angles;\n\npub use self::angles::right as square_angle;\n\npub fn area() -> f64 {\n    self::angles::right()\n}\n',
  'src/geometry/angles.rs':
    'pub fn right() -> f64 {\n    90.0\n}\n\npub fn wrong() -> f64 {\n    let y = make();\n    y.area() + super::square_angle() + std::f64::consts::PI.sqrt()\n}\n',
};

describe('Rust paths on a small crate', () => {
  it('crate::, self::, super::, child-module paths, use and pub use reach the module file; typed lets type method calls; the rest is unresolved', async () => {
    const repo = tempDir('rust-crate');
    for (const [file, text] of Object.entries(CRATE)) {
      fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      fs.writeFileSync(path.join(repo, file), text);
    }
    const store = await indexed(repo);
    // crate::geometry::angles::right() (lib.rs), self::angles::right() (geometry/mod.rs), the pub use, and super::square_angle() through it.
    assert.deepEqual(uses(store, 'right'), [
      [
        'geometry/angles/right().',
        ['src/geometry/angles.rs:1D', 'src/geometry/angles.rs:7', 'src/geometry/mod.rs:3', 'src/geometry/mod.rs:6', 'src/lib.rs:10'],
      ],
    ]);
    // util::helper() through the child module lib.rs declares; super::util::helper() from shapes.rs.
    assert.deepEqual(uses(store, 'helper'), [['util/helper().', ['src/lib.rs:10', 'src/shapes.rs:26', 'src/util.rs:1D']]]);
    // `use crate::shapes::Circle` is an import of the struct, and types `Circle::new` in lib.rs.
    const circle = uses(store, 'Circle').find(([k]) => k === 'shapes/Circle#');
    assert.ok(circle?.[1].includes('src/lib.rs:5'), JSON.stringify(circle));
    assert.equal(refs(store, 'Circle').matches[0]!.occurrences.find((o) => o.file === 'src/lib.rs' && o.line === 5)?.use, 'import');
    assert.deepEqual(uses(store, 'Circle::new'), [['shapes/Circle#new().', ['src/lib.rs:8', 'src/shapes.rs:6D', 'src/shapes.rs:27']]]);
    assert.deepEqual(
      callers(store, 'Circle::new')
        .matches.map((m) => m.display_name)
        .sort(),
      ['total', 'unit'],
    );
    // let c = Circle::new(..) and let s: shapes::Square type the calls; y = make() does not, and no bare-named `area` gets it.
    const area = uses(store, 'area');
    assert.deepEqual(area, [
      ['shapes/Circle#area().', ['src/lib.rs:10', 'src/shapes.rs:10D']],
      ['shapes/Square#area().', ['src/lib.rs:10', 'src/shapes.rs:20D']],
      ['unresolved/area().', ['src/geometry/angles.rs:7']],
      ['geometry/area().', ['src/geometry/mod.rs:5D']],
      ['util/area().', ['src/util.rs:5D']],
    ]);
    // Another crate's path (std::f64::consts) binds to nothing here.
    assert.deepEqual(uses(store, 'sqrt'), [['unresolved/sqrt().', ['src/geometry/angles.rs:7']]]);
    store.close();
  });
});

const crates = debianSources(['librust-clap-dev'], 'usr/share/cargo/registry');
const skip = 'skip' in crates ? crates.skip : false;
if (skip) console.log(`# skipping Rust paths on clap: ${skip}`);

describe('Rust paths on clap', { skip }, () => {
  it('crate:: calls through pub use re-exports, use imports of re-exported types, and methods on lets built by Type::new', async () => {
    const root = 'root' in crates ? crates.root : '';
    const store = await indexed(root);
    const clap = fs.readdirSync(root).find((d) => d.startsWith('clap-'))!;
    const at = (file: string, re: RegExp): string => `${clap}/src/${file}:${lineOf(path.join(root, clap, 'src', file), re)}`;
    const sites = (name: string): string[] => refs(store, name).matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}`));
    const keys = (name: string): string[] =>
      refs(store, name, { definitionsOnly: true }).matches.map((m) => m.symbol_id.replace(S, '').replace(`\`${clap}\`/`, ''));

    // crate::util::str_to_bool(..): util/mod.rs re-exports it from util/str_to_bool.rs.
    assert.ok(keys('str_to_bool').includes('util/str_to_bool/str_to_bool().'), keys('str_to_bool').join('\n'));
    assert.ok(sites('str_to_bool').includes(at('builder/value_parser.rs', /crate::util::str_to_bool\(value\)\.unwrap_or\(true\)/)));
    // crate::output::display_width(c): output/mod.rs re-exports textwrap::core's.
    const width = refs(store, 'display_width').matches.find((m) => m.symbol_id.endsWith('/output/textwrap/core/display_width().'));
    assert.ok(
      width?.occurrences.some((o) => `${o.file}:${o.line}` === at('builder/styled_str.rs', /crate::output::display_width\(c\)/)),
      JSON.stringify(width?.occurrences.map((o) => o.line)),
    );
    // super::get_possible_values_cli(..) from parser/parser.rs: parser/mod.rs re-exports validator's.
    assert.ok(sites('get_possible_values_cli').includes(at('parser/parser.rs', /super::get_possible_values_cli\(arg\)/)));
    // let mut sc_matcher = ArgMatcher::new(sc) (ArgMatcher imported through `use crate::parser::{ArgMatcher, ..}`), then sc_matcher.into_inner().
    assert.ok(sites('ArgMatcher::into_inner').includes(at('parser/parser.rs', /matches: sc_matcher\.into_inner\(\),/)));
    // let mut p = Parser::new(sc); p.get_matches_with(..)
    assert.ok(sites('Parser::get_matches_with').includes(at('parser/parser.rs', /p\.get_matches_with\(&mut sc_matcher/)));
    store.close();
  });
});
