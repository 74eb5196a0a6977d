// The extraction deadline fires on time even when the garbage collector runs
// meanwhile (AbortSignal.any over AbortSignal.timeout could lose its timer:
// nodejs/node#57736), follows the signals it is given, and dispose() stops it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { deadline } from '../../../daemon/memory/extract/deadline';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const aborted = (s: AbortSignal): Promise<unknown> => new Promise((resolve) => s.addEventListener('abort', () => resolve(s.reason), { once: true }));

describe('deadline', () => {
  it('aborts after its time with a TimeoutError, through garbage collections', async () => {
    const stop = new AbortController();
    const d = deadline(80, stop.signal);
    const reason = aborted(d.signal);
    for (let i = 0; i < 5; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 5));
    }
    const r = (await reason) as DOMException;
    assert.equal(r.name, 'TimeoutError');
    assert.match(r.message, /no reply within 80 ms/);
    d.dispose();
  });

  it('aborts at once when a given signal aborts, with its reason; an already aborted one counts', async () => {
    const stop = new AbortController();
    const d = deadline(60_000, stop.signal);
    const reason = aborted(d.signal);
    stop.abort(new Error('stopping'));
    assert.match(String(await reason), /stopping/);
    d.dispose();
    const gone = AbortSignal.abort(new Error('already'));
    const e = deadline(60_000, gone);
    assert.equal(e.signal.aborted, true);
    e.dispose();
  });

  it('once disposed, neither the time nor the signals abort it', async () => {
    const stop = new AbortController();
    const d = deadline(20, stop.signal);
    d.dispose();
    await new Promise((r) => setTimeout(r, 60));
    stop.abort();
    assert.equal(d.signal.aborted, false);
  });
});
