// scry/compact on a real spawned daemon: a code query's answer rendered as
// its compact text in the daemon (what `scry mcp` forwards to the model), the
// same text the compact formatter writes from the JSON answer, and one-line
// errors for a method without a compact form or bad params, the daemon
// staying up.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectDaemon, RpcError, type RpcClient } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import { ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';

describe('scry/compact', () => {
  let home: string;
  let repo: string;
  let conn: RpcClient;

  before(async () => {
    home = tempDir('compact');
    repo = rxjsRepo();
    conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
    await conn.request(P.IndexRepo.type, { repo });
  });
  after(async () => {
    conn.dispose();
    await stopDaemon(home);
  });

  it('renders each code query as the compact formatter renders its JSON answer', async () => {
    const asks: Array<[P.MethodDecl, Record<string, unknown>]> = [
      [P.Refs, { repo, name: 'innerFrom', budget: 8000 }],
      [P.Callers, { repo, name: 'concatMap', budget: 8000 }],
      [P.Symbols, { repo, file: 'src/internal/operators/concatMap.ts' }],
    ];
    for (const [decl, params] of asks) {
      const full = await conn.request(decl.type, params);
      const compact = await conn.request(P.Compact.type, { method: decl.method, params });
      assert.equal(compact.text, P.COMPACT_FORMATTERS[decl.method]!(full), decl.method);
      assert.equal(compact.total, (full as { total?: number }).total, decl.method);
      assert.equal(compact.unknown_name, undefined, decl.method);
      assert.ok(
        compact.text.length * 2 < JSON.stringify(full).length || decl === P.Symbols,
        `${decl.method}: ${compact.text.length} bytes of text for ${JSON.stringify(full).length} of JSON`,
      );
    }
    const typo = await conn.request(P.Compact.type, { method: P.Refs.method, params: { repo, name: 'innerFrmo' } });
    assert.equal(typo.unknown_name, true);
    assert.match(typo.text, /innerFrom/);
  });

  it('answers a method with no compact form, or bad params, with a one-line error and stays up', async () => {
    const rejected = async (params: P.CompactParams): Promise<RpcError> => {
      try {
        await conn.request(P.Compact.type, params);
      } catch (err) {
        assert.ok(err instanceof RpcError, String(err));
        return err;
      }
      assert.fail(`scry/compact accepted ${JSON.stringify(params)}`);
    };
    const ping = await rejected({ method: P.Ping.method, params: {} });
    assert.equal(ping.code, P.ErrorCode.InvalidParams);
    assert.match(ping.message, /^invalid params for scry\/compact: method 'scry\/ping' has no compact form/);
    const noName = await rejected({ method: P.Refs.method, params: { repo } });
    assert.equal(noName.code, P.ErrorCode.InvalidParams);
    assert.match(noName.message, /^invalid params for code\/refs: name: /);
    for (const e of [ping, noName]) assert.equal(e.message.split('\n').length, 1);
    assert.equal(typeof (await conn.request(P.Ping.type, {})).pid, 'number');
  });
});
