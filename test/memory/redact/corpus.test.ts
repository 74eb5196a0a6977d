// Redaction against the generated corpus (scanner-rule shapes, not Scry's own
// patterns): every secret goes; secretlint's recommended preset, run as a
// second opinion, finds nothing redaction kept; the committed corpus is what
// the committed generator writes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { redact } from '../../../daemon/memory/redact';
import { ROOT, tempDir } from '../../helpers';
import { CONTEXT_FORMS, loadCorpus, SECRETS_DIR } from './corpus';

const corpus = loadCorpus('corpus');

describe('redaction corpus', () => {
  it('is what scripts/gen-secret-corpus.mjs writes, with >= 150 secrets over >= 60 provider families and the context forms', () => {
    const out = tempDir('secret-corpus');
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'gen-secret-corpus.mjs')], {
      env: { ...process.env, SECRET_CORPUS_OUT: out },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    for (const f of ['corpus.json', 'held-out.json', 'held-out-2.json', 'held-out-3.json', 'held-out-4.json', 'keep-4.json'])
      assert.equal(fs.readFileSync(path.join(out, f), 'utf8'), fs.readFileSync(path.join(SECRETS_DIR, f), 'utf8'), `${f} differs from the generator's output`);
    assert.ok(corpus.length >= 150, `${corpus.length} secrets`);
    const providers = new Set(corpus.filter((e) => !CONTEXT_FORMS.has(e.family)).map((e) => e.family));
    assert.ok(providers.size >= 60, `${providers.size} provider families`);
    const forms = new Set(corpus.filter((e) => CONTEXT_FORMS.has(e.family)).map((e) => `${e.family}/${e.form}`));
    for (const f of ['url/redis-password-only', 'cli/mysql-attached', 'cli/curl-user', 'header/x-api-key', 'env/secret-key-base', 'prose/env-name-is'])
      assert.ok(forms.has(f), f);
    // No held-out family is in the tuning corpus.
    const tuned = new Set(corpus.map((e) => e.family));
    const heldOnly = loadCorpus('held-out').filter((e) => !CONTEXT_FORMS.has(e.family) && tuned.has(e.family) && e.family !== 'cloudflare');
    assert.deepEqual(
      heldOnly.map((e) => e.family),
      [],
    );
  });

  const byFamily = new Map<string, typeof corpus>();
  for (const e of corpus) byFamily.set(e.family, [...(byFamily.get(e.family) ?? []), e]);
  for (const [family, entries] of byFamily) {
    it(`redacts every ${family} secret (${entries.length})`, () => {
      const kept = entries.filter((e) => e.secrets.some((s) => redact(e.text).text.includes(s))).map((e) => `${e.form}: ${redact(e.text).text}`);
      assert.deepEqual(kept, []);
      for (const e of entries) assert.match(redact(e.text).text, /\[redacted:[a-z0-9-]+\]/);
    });
  }

  it('keeps the words around a secret', () => {
    const e = corpus.find((x) => x.form === 'classic-pat' && x.text.startsWith('I pasted'))!;
    assert.equal(redact(e.text).text, 'I pasted [redacted:github-token] into the CI settings, can you check the pipeline?');
  });

  it("finds nothing secretlint's recommended preset reports (it is async and far slower, so it checks rather than runs on ingest)", async () => {
    const { lintSource } = await import('@secretlint/core');
    const { creator } = await import('@secretlint/secretlint-rule-preset-recommend');
    const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: creator }] };
    let found = 0;
    const kept: string[] = [];
    for (const e of [...corpus, ...loadCorpus('held-out'), ...loadCorpus('held-out-2')]) {
      const res = await lintSource({ source: { content: e.text, filePath: '/session.txt', ext: '.txt', contentType: 'text' }, options: { config } });
      const ours = redact(e.text).text;
      for (const m of res.messages) {
        const hit = e.text.slice(m.range[0], m.range[1]);
        found++;
        // What secretlint flags, at least its middle part, must be gone.
        const core = hit.length > 12 ? hit.slice(4, -4) : hit;
        if (ours.includes(core)) kept.push(`${e.family}/${e.form} (${m.ruleId})`);
      }
    }
    console.log(`  secretlint flagged ${found} spans in the corpus and both held-out sets; redaction kept ${kept.length}`);
    assert.ok(found > 0);
    assert.deepEqual(kept, []);
  });
});
