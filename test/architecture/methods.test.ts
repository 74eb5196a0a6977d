// Every method the protocol declares is answered by exactly one part of the
// daemon (the server itself or one domain), and every code query has its
// runner, its terminal formatter and its compact formatter: the query list
// is declared once (protocol/code.ts CODE_QUERIES) and everything else is
// checked against it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { FORMATTERS } from '../../daemon/cli/format';
import { createCodeDomain } from '../../daemon/code';
import { READ_QUERIES, readQuery } from '../../daemon/code/query';
import { createMemoryDomain } from '../../daemon/memory';
import * as P from '../../daemon/protocol';
import { createDaemon, type Daemon } from '../../daemon/server/daemon';
import { tempDir } from '../helpers';

/** What the server answers itself, before any domain. */
const SERVER_METHODS: readonly P.MethodDecl[] = [P.Ping, P.Status, P.Shutdown, P.Compact];

describe('declared methods and their handlers', () => {
  let home: string;
  let daemon: Daemon;

  before(async () => {
    home = tempDir('methods');
    daemon = await createDaemon(home, [createCodeDomain({ watch: false }), createMemoryDomain({ sweep: false, extract: false, userHome: home })]);
  });
  after(async () => {
    await daemon.dispose();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('answers every declared method in exactly one place, and nothing undeclared', () => {
    const owners = new Map<string, string[]>();
    for (const m of SERVER_METHODS) owners.set(m.method, ['server']);
    for (const d of daemon.domains) for (const h of d.methods) owners.set(h.decl.method, [...(owners.get(h.decl.method) ?? []), d.name]);
    const declared: string[] = P.ALL_METHODS.map((m) => m.method);
    for (const m of declared) assert.equal(owners.get(m)?.length, 1, `${m} is answered by ${owners.get(m)?.join(' and ') ?? 'nobody'}`);
    assert.deepEqual(
      [...owners.keys()].filter((m) => !declared.includes(m)),
      [],
      'a handler without a declaration',
    );
  });

  it('runs, and formats for a terminal and for agents, every declared code query', () => {
    assert.deepEqual(
      READ_QUERIES.map((q) => q.method),
      P.CODE_QUERIES.map((q) => q.method),
      'one runner per declared query, in its order',
    );
    for (const q of P.CODE_QUERIES) {
      assert.equal(readQuery(q.method)?.decl, q, `${q.method} has its runner`);
      assert.ok(FORMATTERS[q.method], `${q.method} has a terminal formatter`);
      assert.ok(P.COMPACT_FORMATTERS[q.method], `${q.method} has a compact formatter`);
    }
  });

  it('has a terminal formatter for every method a CLI command runs', () => {
    for (const m of P.ALL_METHODS) if (m.cli) assert.ok(FORMATTERS[m.method], `${m.method} (scry ${m.cli.command}) has a terminal formatter`);
  });
});
