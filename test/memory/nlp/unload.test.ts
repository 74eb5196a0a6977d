// The NLP model is let go after a while unused: its module leaves require's
// cache (and its parent's children) and V8 collects it, at least 90% of the
// heap it added (16 MB from source, 33 MB as dist/nlp.js); the next extraction
// loads it again and reads the same. The idle time is cut to 200 ms here
// (SCRY_NLP_IDLE_MS); a GC is asked for through V8's flags at run time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { modelLoaded, sentencesOf, unloadModel } from '../../../daemon/memory/nlp/model';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapAfterGc = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const MB = (n: number): string => `${(n / 2 ** 20).toFixed(1)} MB`;
const TEXT = 'We moved billing-api to Postgres last week. The deploy of web-1 failed twice.';

describe('the NLP model once idle', () => {
  it('is unloaded after its idle time, its heap collected, and loads again the same', async () => {
    process.env.SCRY_NLP_IDLE_MS = '200';
    unloadModel();
    const without = heapAfterGc();
    const first = sentencesOf(TEXT);
    assert.equal(modelLoaded(), true);
    const withModel = heapAfterGc();
    // Used again within its idle time: it stays.
    await new Promise((r) => setTimeout(r, 120));
    sentencesOf(TEXT);
    await new Promise((r) => setTimeout(r, 120));
    assert.equal(modelLoaded(), true, 'used 120 ms ago, within its 200 ms idle time');
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(modelLoaded(), false, 'unused for 400 ms');
    assert.ok(!Object.keys(require.cache).some((k) => /[\\/]nlp[\\/]wink\.ts$|[\\/]nlp\.js$/.test(k)), 'its module left the require cache');
    const after = heapAfterGc();
    console.log(`heap: ${MB(without)} without the model, ${MB(withModel)} with it, ${MB(after)} once unloaded`);
    const added = withModel - without;
    assert.ok(added > 5 * 2 ** 20, `loading the model added only ${MB(added)}`);
    assert.ok(withModel - after >= 0.9 * added, `only ${MB(withModel - after)} of the ${MB(added)} it added came back`);
    assert.deepEqual(sentencesOf(TEXT), first, 'loaded again, it reads the same');
    assert.equal(modelLoaded(), true);
    unloadModel();
    delete process.env.SCRY_NLP_IDLE_MS;
  });
});
