// The third held-out set (test/fixtures/secrets/held-out-3.json), written from
// sources other than gitleaks (GitHub's secret-scanning pattern examples and
// supported-pattern list, trufflehog's detector list): provider families and
// context forms absent from corpus.json and both earlier held-out sets, with
// bare templates and name syntaxes of its own. Committed and measured before
// the rules that followed it. The figure is printed with every miss; the
// floor is what the code scored when the set was committed (193 of 246), so
// the test fails if redaction regresses below it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redact } from '../../../daemon/memory/redact';
import { CONTEXT_FORMS, loadCorpus } from './corpus';

const held = loadCorpus('held-out-3');
const FLOOR = 193;

describe('redaction on the third held-out set', () => {
  it('shares no provider family and no context form with the earlier sets, and is large enough to mean something', () => {
    const earlier = [...loadCorpus('corpus'), ...loadCorpus('held-out'), ...loadCorpus('held-out-2')];
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
    assert.ok(held.length >= 120, `${held.length} secrets`);
    const providers = held.filter((e) => !CONTEXT_FORMS.has(e.family));
    assert.ok(new Set(providers.map((e) => e.family)).size >= 45);
    assert.ok(new Set(held.filter((e) => CONTEXT_FORMS.has(e.family)).map((e) => e.form)).size >= 30);
  });

  it(`redacts at least the ${FLOOR} it did when committed (figure printed, misses listed)`, () => {
    const missed = held.filter((e) => e.secrets.some((s) => redact(e.text).text.includes(s)));
    const part = (ctx: boolean): string => {
      const all = held.filter((e) => CONTEXT_FORMS.has(e.family) === ctx);
      const miss = missed.filter((e) => CONTEXT_FORMS.has(e.family) === ctx);
      return `${all.length - miss.length}/${all.length}`;
    };
    const caught = held.length - missed.length;
    console.log(
      `  held-out-3: ${caught}/${held.length} redacted (${((caught / held.length) * 100).toFixed(1)} %; providers ${part(false)}, context forms ${part(true)}); missed: ${missed.map((e) => `${e.family}/${e.form}`).join(', ')}`,
    );
    assert.ok(caught >= FLOOR, `held-out-3: ${caught} redacted, below the floor of ${FLOOR}`);
  });
});
