// The daemon knows domains only through the seam: a second domain with its own
// method plugs in beside the code index, the daemon checks every request's
// params against the method's declaration before a domain sees it, and the
// log level comes from SCRY_LOG_LEVEL.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod/mini';
import { connectRunning, RpcError, type RpcClient } from '../../daemon/client';
import { createCodeDomain } from '../../daemon/code';
import type { Domain, DomainFactory } from '../../daemon/domain';
import { handler } from '../../daemon/domain';
import { ErrorCode } from '../../daemon/errors';
import * as P from '../../daemon/protocol';
import { createDaemon, type Daemon } from '../../daemon/server/daemon';
import { daemonPid, scry, stopDaemon, tempDir } from '../helpers';

const Echo = P.defineMethod({
  method: 'test/echo',
  params: z.object({ text: z.string().check(z.minLength(1)), times: z.optional(z.int().check(z.positive())) }),
  result: z.object({ echoed: z.string() }),
});
const Echoed = P.defineNotification({ method: 'test/echoed', params: z.object({ text: z.string() }) });

function echoDomain(events: string[]): DomainFactory {
  return (ctx): Domain => ({
    name: 'echo',
    notifications: [Echoed],
    methods: [
      handler(Echo, (p) => {
        ctx.notify(Echoed, { text: p.text });
        return { echoed: p.text.repeat(p.times ?? 1) };
      }),
    ],
    status: () => ({}),
    restore: () => void events.push('restore'),
    dispose: () => {
      events.push('dispose');
      return Promise.resolve();
    },
  });
}

describe('the domain seam', () => {
  let home: string;
  let daemon: Daemon;
  let client: RpcClient;
  const events: string[] = [];

  before(async () => {
    home = tempDir('seam');
    daemon = await createDaemon(home, [createCodeDomain({ watch: false }), echoDomain(events)]);
    client = (await connectRunning(home))!;
  });
  after(async () => {
    client.dispose();
    await daemon.dispose();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('serves a second domain beside the code index, restored once, its notifications reaching clients', async () => {
    assert.deepEqual(
      daemon.domains.map((d) => d.name),
      ['code', 'echo'],
    );
    assert.deepEqual(events, ['restore']);
    const heard = new Promise<string>((resolve) => client.onNotification(Echoed.type, (e) => resolve(e.text)));
    assert.deepEqual(await client.request(Echo.type, { text: 'ab', times: 2 }), { echoed: 'abab' });
    assert.equal(await heard, 'ab');
    const status = await client.request(P.Status.type, {});
    assert.deepEqual(status.repos, []);
    assert.equal(status.daemon.protocol, P.PROTOCOL_VERSION);
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ['test/echo', { times: 2 }, /^invalid params for test\/echo: text: expected string$/],
    ['test/echo', { text: 'a', times: 0 }, /^invalid params for test\/echo: times: must be more than 0$/],
    ['code/refs', { repo: 42, name: 'x' }, /^invalid params for code\/refs: repo: expected string$/],
    ['code/refs', { repo: '/tmp' }, /^invalid params for code\/refs: name: expected string$/],
    ['code/impact', { repo: '/tmp', name: 'x', depth: 'deep' }, /^invalid params for code\/impact: depth: expected number$/],
    ['code/search', { repo: '/tmp', pattern: '' }, /^invalid params for code\/search: pattern: must be non-empty$/],
    ['code/search', { repo: '/tmp', pattern: 'x', budget: -1 }, /^invalid params for code\/search: budget: must be more than 0$/],
    ['code/search', { repo: '/tmp', pattern: 'x', offset: 2.5 }, /^invalid params for code\/search: offset: expected a whole number$/],
    ['code/symbols', { repo: '/tmp', file: 'a.ts', offset: -3 }, /^invalid params for code\/symbols: offset: must be at least 0$/],
    ['code/symbols', { repo: '/tmp', file: 'a.ts', budget: 100.5 }, /^invalid params for code\/symbols: budget: expected a whole number$/],
    ['code/impact', { repo: '/tmp', name: 'x', budget: 0 }, /^invalid params for code\/impact: budget: must be more than 0$/],
    ['code/impact', { repo: '/tmp', name: 'x', offset: '10' }, /^invalid params for code\/impact: offset: expected number$/],
    ['code/refs', { repo: '/tmp', name: 'x', offset: 0.5 }, /^invalid params for code\/refs: offset: expected a whole number$/],
  ];
  for (const [method, params, re] of bad) {
    it(`answers ${method} ${JSON.stringify(params)} with one line naming the field, and stays up`, async () => {
      const err = await client.request({ method, _: undefined }, params).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(err instanceof RpcError, String(err));
      assert.equal(err.code, ErrorCode.InvalidParams);
      assert.match(err.message, re);
      assert.equal((await client.request(P.Ping.type, {})).pid, process.pid);
    });
  }

  it('refuses two domains that declare the same method', async () => {
    const again = tempDir('seam-dup');
    await assert.rejects(createDaemon(again, [echoDomain([]), echoDomain([])]), /test\/echo is declared by two domains/);
    fs.rmSync(again, { recursive: true, force: true });
  });

  it('disposes every domain when it stops', async () => {
    const other = tempDir('seam-stop');
    const seen: string[] = [];
    const d = await createDaemon(other, [echoDomain(seen)]);
    await d.dispose();
    assert.deepEqual(seen, ['restore', 'dispose']);
    fs.rmSync(other, { recursive: true, force: true });
  });
});

describe('SCRY_LOG_LEVEL', () => {
  for (const [level, has, lacks] of [
    ['debug', /scry\/ping answered in [\d.]+ ms/, undefined],
    ['info', /listening on/, /answered in/],
    ['error', undefined, /listening on/],
  ] as const) {
    it(`${level}: the spawned daemon logs at that level`, async () => {
      const home = tempDir(`loglevel-${level}`);
      try {
        const r = await scry(['start', '--json'], { home, env: { SCRY_LOG_LEVEL: level } });
        assert.equal(r.code, 0, r.stderr);
        assert.ok(daemonPid(home));
        await stopDaemon(home);
        const file = path.join(home, 'logs', 'scryd.log');
        const log = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
        if (has) assert.match(log, has);
        if (lacks) assert.doesNotMatch(log, lacks);
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
    });
  }
});
