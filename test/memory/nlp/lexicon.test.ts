// wink adds every unknown word it reads to its lexicon for good; a daemon
// that reads sessions for weeks must not grow with them. Reading more new
// words than LEXICON_GROWTH_MAX, the lexicon is seen to start over (a fresh
// instance) and never to pass the cap by more than one check's worth, and
// the pipeline still answers as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commonWord, LEXICON_GROWTH_MAX, lexiconGrowth, sentencesOf } from '../../../daemon/memory/nlp/model';

/** A made-up word nobody's lexicon holds, different for each n. */
const unknown = (n: number): string => `vq${n.toString(36)}zx`;

describe('wink lexicon growth', () => {
  it('starts over past LEXICON_GROWTH_MAX new words, and reads as before', () => {
    const PER_CALL = 250;
    const CALLS = Math.ceil((LEXICON_GROWTH_MAX * 1.6) / PER_CALL);
    const seen: number[] = [];
    let n = 0;
    for (let c = 0; c < CALLS; c++) {
      const words = Array.from({ length: PER_CALL }, () => unknown(n++));
      sentencesOf(`${words.join(' ')}.`);
      if (c % 40 === 0) seen.push(lexiconGrowth());
    }
    seen.push(lexiconGrowth());
    const max = Math.max(...seen);
    // One check every 256 calls: at most that many calls' words past the cap.
    assert.ok(max <= LEXICON_GROWTH_MAX + 256 * PER_CALL, `grew to ${max}`);
    assert.notEqual(
      seen.findIndex((g, i) => i > 0 && g < seen[i - 1]!),
      -1,
      `never started over: ${seen.join(', ')}`,
    );
    assert.deepEqual(
      sentencesOf('The cat sat on the mat. Then it slept.').map((s) => s.text),
      ['The cat sat on the mat.', 'Then it slept.'],
    );
    assert.equal(commonWord('development'), true);
    assert.equal(commonWord(unknown(n + 1)), false);
  });
});
