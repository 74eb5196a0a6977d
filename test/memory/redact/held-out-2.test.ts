// The second held-out set (test/fixtures/secrets/held-out-2.json): provider
// families and context forms absent from both corpus.json and held-out.json,
// written after held-out.json was measured and before the rules that
// followed. Its figure is printed with every miss; the floor only guards
// against a regression.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redact } from '../../../daemon/memory/redact';
import { CONTEXT_FORMS, loadCorpus } from './corpus';

const held = loadCorpus('held-out-2');

describe('redaction on the second held-out set', () => {
  it('shares no provider family and no context form with corpus.json or held-out.json, and is large enough to mean something', () => {
    const earlier = [...loadCorpus('corpus'), ...loadCorpus('held-out')];
    const families = new Set(earlier.filter((e) => !CONTEXT_FORMS.has(e.family)).map((e) => e.family));
    const forms = new Set(earlier.map((e) => `${e.family}/${e.form}`));
    assert.deepEqual(
      held.filter((e) => !CONTEXT_FORMS.has(e.family) && families.has(e.family)).map((e) => e.family),
      [],
    );
    assert.deepEqual(
      held.filter((e) => forms.has(`${e.family}/${e.form}`)).map((e) => `${e.family}/${e.form}`),
      [],
    );
    const providers = held.filter((e) => !CONTEXT_FORMS.has(e.family));
    assert.ok(providers.length >= 60, `${providers.length} provider secrets`);
    assert.ok(new Set(providers.map((e) => e.family)).size >= 25);
    assert.ok(new Set(held.filter((e) => CONTEXT_FORMS.has(e.family)).map((e) => e.form)).size >= 12);
  });

  it('most are caught (figure printed, misses listed)', () => {
    const missed = held.filter((e) => e.secrets.some((s) => redact(e.text).text.includes(s)));
    const rate = 1 - missed.length / held.length;
    const part = (ctx: boolean): string => {
      const all = held.filter((e) => CONTEXT_FORMS.has(e.family) === ctx);
      const miss = missed.filter((e) => CONTEXT_FORMS.has(e.family) === ctx);
      return `${all.length - miss.length}/${all.length}`;
    };
    console.log(
      `  held-out-2: ${held.length - missed.length}/${held.length} redacted (${(rate * 100).toFixed(1)} %; providers ${part(false)}, context forms ${part(true)}); missed: ${missed.map((e) => `${e.family}/${e.form}`).join(', ')}`,
    );
    assert.ok(rate >= 0.5, `held-out-2 rate ${rate}`);
  });
});
