// A code answer's memory lines (issue 38's memory-lines cost) on a real
// store: the newest sessions first, one line per episode, the state of one
// definition asked of the code index once per answer however many sessions
// anchored it, and anchors found by name, by qualified name and by the last
// part of a qualified name.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { notesAbout } from '../../../daemon/memory/anchors';
import { MemoryStore } from '../../../daemon/memory/store';
import type { AnchorDraft } from '../../../daemon/memory/store/anchors';
import type { AnchorKey, CodeLookup } from '../../../daemon/protocol/anchors';
import { storeEpisode } from '../stored-episode';

const REPO = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-notes-repo-'));

describe('memory lines of a code answer', () => {
  let home: string;
  let store: MemoryStore;
  const asked: AnchorKey[] = [];
  const lookup: CodeLookup = {
    indexed: () => true,
    resolve: () => ({ found: null, reason: 'no-index' }),
    current: (_repo, key) => {
      asked.push(key);
      return { kind: 'symbol', symbol: key.symbol, name: key.name, qualified_name: key.qualified_name, file: key.file, line: 3, hash: key.hash };
    },
  };
  const session = (n: number, text: string, drafts: AnchorDraft[]): void => {
    const id = `e${n}`;
    const at = `2026-02-0${n}T10:00:00.000Z`;
    storeEpisode(store, { id, session: `s${n}`, text, occurredAt: at, repoRoot: REPO });
    const seq = store.db.prepare<[string], { seq: number }>(`SELECT seq FROM episodes WHERE id = ?`).get(id)!.seq;
    store.anchors.record({ seq, id, repo: REPO, at, text, session: `s${n}` }, drafts, undefined);
  };
  const charge = (offset: number): AnchorDraft => ({
    mention: 'charge',
    offset,
    kind: 'symbol',
    symbol: 'npm app 1.0.0 src/`billing.ts`/charge().',
    name: 'charge',
    qualified_name: 'charge',
    file: 'src/billing.ts',
    line: 3,
    hash: 'h-charge',
  });

  before(() => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-notes-'));
    store = new MemoryStore(path.join(home, 'memory.db'));
    session(1, 'user: Why does `charge` run twice?\n\nassistant: `charge` is called by the retry loop and by the queue.', [charge(11), charge(50)]);
    session(2, 'user: Should `charge` retry itself?\n\nassistant: No: retries live in the queue, `charge` runs once.', [charge(14)]);
    session(3, 'user: Rename `Cart.total`?\n\nassistant: `Cart.total` sums the lines; keep the name.', [
      {
        mention: 'Cart.total',
        offset: 15,
        kind: 'symbol',
        symbol: 'npm app 1.0.0 src/`cart.ts`/Cart#total().',
        name: 'total',
        qualified_name: 'Cart.total',
        file: 'src/cart.ts',
        line: 8,
        hash: 'h-total',
      },
    ]);
  });
  after(() => {
    store.close();
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(REPO, { recursive: true, force: true });
  });

  it('reads the newest sessions first, one line per episode, and asks the index once for a definition both anchored', () => {
    asked.length = 0;
    const notes = notesAbout(store, lookup, REPO, 'charge', 2);
    assert.deepEqual(
      notes.map((n) => [n.episode, n.state, n.now]),
      [
        ['e2', 'fresh', 'src/billing.ts:3'],
        ['e1', 'fresh', 'src/billing.ts:3'],
      ],
    );
    assert.match(notes[0]!.text, /retries live in the queue/);
    assert.equal(asked.length, 1, JSON.stringify(asked));
  });

  it('finds a member by its qualified name and by its own name, and a top-level name by name alone', () => {
    assert.deepEqual(
      notesAbout(store, lookup, REPO, 'Cart.total', 2).map((n) => n.episode),
      ['e3'],
    );
    assert.deepEqual(
      notesAbout(store, lookup, REPO, 'total', 2).map((n) => n.episode),
      ['e3'],
    );
    assert.deepEqual(
      notesAbout(store, lookup, REPO, 'Billing.charge', 2).map((n) => n.episode),
      ['e2', 'e1'],
    );
    assert.deepEqual(notesAbout(store, lookup, path.join(REPO, 'elsewhere'), 'charge', 2), [], 'another repo has none');
  });

  it("shows the sentence an anchor kept when it was stored, without reading its episode's text", () => {
    session(4, 'user: Is `refund` safe to call twice?\n\nassistant: Yes.', [
      {
        ...charge(9),
        mention: 'refund',
        name: 'refund',
        qualified_name: 'refund',
        symbol: 'npm app 1.0.0 src/`billing.ts`/refund().',
        sentence: 'kept: refund is idempotent',
      },
    ]);
    assert.deepEqual(
      notesAbout(store, lookup, REPO, 'refund', 2).map((n) => n.text),
      ['kept: refund is idempotent'],
    );
  });

  it('reads the sentence of an anchor stored before anchors kept one at its first answer, and keeps it', () => {
    const kept = (): Array<string | null> =>
      store.db
        .prepare<[], { sentence: string | null }>(`SELECT sentence FROM anchors WHERE mention = 'charge' ORDER BY id`)
        .all()
        .map((r) => r.sentence);
    store.db.exec(`UPDATE anchors SET sentence = NULL WHERE mention = 'charge'`);
    const first = notesAbout(store, lookup, REPO, 'charge', 2).map((n) => n.text);
    assert.match(first[0]!, /retries live in the queue/);
    // e1's two anchors: the newer one is read (and keeps it); e2's one.
    assert.deepEqual(kept(), [null, first[1], first[0]], 'the shown anchor of each episode kept its sentence');
    assert.deepEqual(
      notesAbout(store, lookup, REPO, 'charge', 2).map((n) => n.text),
      first,
    );
  });
});
