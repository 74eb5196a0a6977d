// Issue 37: answers the model can read. A passage is shown whole when it
// fits; a longer one is cut only at sentence ends, around the sentence that
// holds the most of the question's words, never mid-word. And the naive
// baseline the recall bench holds Scry to packs whole paragraphs (sentences
// of a long one) up to about 400 characters, never cutting a word either.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { termMatcher, wholeSentences } from '../../../daemon/memory/passage';
import { NAIVE_PASSAGE_CHARS, naivePassages, naiveWords } from '../../bench/naive-bm25';

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

describe('a passage shown whole (issue 37)', () => {
  const long =
    'We looked at three queues. Celery kept losing tasks under load. The worker ran out of memory while building PDFs. ' +
    'We decided to use RQ instead of Celery for the invoice queue because it is simpler to run. The nightly job now runs at 02:00 UTC. ' +
    'Nothing else changed in the deploy.';
  const cases: Array<{ name: string; text: string; query: string[]; max: number; has: string[] }> = [
    { name: 'fits: whole, whitespace folded', text: 'Use pnpm.\n\n  Not npm.', query: ['pnpm'], max: 400, has: ['Use pnpm. Not npm.'] },
    {
      name: 'too long: the sentences around the best one',
      text: long,
      query: ['queue', 'rq'],
      max: 200,
      has: ['We decided to use RQ instead of Celery for the invoice queue because it is simpler to run.'],
    },
    {
      name: 'too long: the fact after the match is kept whole',
      text: long,
      query: ['memory', 'pdfs'],
      max: 240,
      has: ['The worker ran out of memory while building PDFs.', 'We decided to use RQ instead of Celery for the invoice queue because it is simpler to run.'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const out = wholeSentences(c.text, termMatcher(c.query), c.max);
      assert.ok(out.length <= c.max + 4, `${out.length} chars`);
      for (const h of c.has) assert.ok(out.includes(h), out);
      // Every word shown is a whole word of the text.
      const all = new Set(words(c.text));
      for (const w of words(out)) if (w !== '…') assert.ok(all.has(w), `"${w}" is cut`);
      // Cut only at sentence ends.
      const body = out.replace(/^… /, '').replace(/ …$/, '');
      if (body.length < c.text.replace(/\s+/g, ' ').trim().length) assert.match(body, /[.!?;:]$/);
    });
  }
});

describe('the naive baseline of the recall bench', () => {
  it('packs whole paragraphs up to about 400 characters, sentences of a longer one, never a cut word', () => {
    const para = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `Sentence ${tag}${i} says one more thing here.`).join(' ');
    const text = [para(2, 'a'), para(3, 'b'), para(20, 'c'), 'Short.', para(4, 'd')].join('\n\n');
    const ps = naivePassages(text);
    assert.ok(ps.length >= 3);
    for (const p of ps) assert.ok(p.length <= NAIVE_PASSAGE_CHARS, `${p.length}`);
    assert.ok(ps[0]!.includes(para(2, 'a')) && ps[0]!.includes(para(3, 'b')), 'short paragraphs packed together');
    const all = new Set(words(text));
    for (const p of ps) for (const w of words(p)) assert.ok(all.has(w), `"${w}" is cut`);
    assert.equal(ps.join(' ').replace(/\s+/g, ' '), text.replace(/\s+/g, ' '), 'nothing lost, nothing added');
    assert.deepEqual(naiveWords('Which helper computes the letters in the avatar fallback?'), ['helper', 'computes', 'letters', 'avatar', 'fallback']);
  });
});
