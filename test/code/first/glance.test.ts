// A glance: one name query answered from the files whose text names it,
// parsed for it alone, over the empty index (rxjs's sources, nobody's here).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { emptyStore, exactFirst, glance, MAX_GLANCE_FILES, tailOf, type Glance } from '../../../daemon/code/first';
import { mergeOverlay } from '../../../daemon/code/overlay';
import { refs } from '../../../daemon/code/query/refs';
import type { CodeStore } from '../../../daemon/code/store/store';
import { filesMatching, lineOf, rxjsRepo, tempDir } from '../../helpers';

describe('glance', () => {
  let repo: string;
  let store: CodeStore;
  before(() => {
    repo = rxjsRepo();
    store = emptyStore(tempDir('glance-home'));
  });
  after(() => store.close());

  it('reads only the files naming it, and answers refs from them with the definition at its line', async () => {
    // No parse budget here (the third test holds it): on a loaded machine the default one ends the glance early.
    const seen: Glance = await glance(repo, 'concatMap', () => undefined, Number.POSITIVE_INFINITY);
    const naming = filesMatching(repo, 'src', /concatmap/i);
    assert.equal(seen.naming, naming.length);
    assert.equal(seen.read, naming.length);
    const view = exactFirst(seen.overlay);
    const r = refs(store, 'concatMap', { merge: (name, matches) => mergeOverlay(name, matches, view, false) });
    const occ = r.matches.flatMap((m) => m.occurrences);
    assert.ok(occ.every((o) => o.precision === 'syntactic'));
    const file = 'src/internal/operators/concatMap.ts';
    assert.ok(occ.some((o) => o.is_definition && o.file === file && o.line === lineOf(path.join(repo, file), /^export function concatMap</)));
    // Exact spelling first: concatMapTo's own name is another name, and `concatMap` never matches `ConcatMap`-only hits when exact ones exist.
    assert.ok(
      r.matches.every((m) => m.display_name === 'concatMap'),
      r.matches.map((m) => m.display_name).join(', '),
    );
  });

  it('parses at most MAX_GLANCE_FILES files of a name most files use, and says how many name it', async () => {
    const seen = await glance(repo, 'Observable', () => undefined, Number.POSITIVE_INFINITY);
    assert.ok(seen.naming > MAX_GLANCE_FILES || seen.read === seen.naming);
    assert.equal(seen.read, Math.min(seen.naming, MAX_GLANCE_FILES));
    assert.equal(seen.overlay.size, seen.read);
    assert.ok(fs.existsSync(repo));
  });

  it('within its parse budget, reads the file declaring the name first: the definition is in the answer even when nothing else fits', async () => {
    const seen = await glance(repo, 'Subscriber', () => undefined, 0);
    assert.equal(seen.read, 1);
    assert.ok(seen.naming > 1);
    const r = refs(store, 'Subscriber', { merge: (name, matches) => mergeOverlay(name, matches, exactFirst(seen.overlay), false) });
    const file = 'src/internal/Subscriber.ts';
    assert.ok(
      r.matches
        .flatMap((m) => m.occurrences)
        .some((o) => o.is_definition && o.file === file && o.line === lineOf(path.join(repo, file), /^export class Subscriber</)),
    );
  });

  it('looks up a compound by its tail', () => {
    assert.equal(tailOf('Observable.subscribe'), 'subscribe');
    assert.equal(tailOf('DB::table'), 'table');
    assert.equal(tailOf('auth->user'), 'user');
    assert.equal(tailOf('Subscriber#_next'), '_next');
  });
});
