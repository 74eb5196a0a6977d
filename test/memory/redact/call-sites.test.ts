// Redaction where text leaves the distillers and the domain: a breadcrumb is
// redacted before its cut, remember's --entity names and an extractor's
// names, aliases and facts are redacted before they are stored, and the
// daemon log and MCP call log never write a secret. Real SQLite, real files.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CallLog } from '../../../daemon/mcp/call-log';
import { clip } from '../../../daemon/memory/distill/breadcrumb';
import { redact } from '../../../daemon/memory/redact';
import { remember } from '../../../daemon/memory/remember';
import { MemoryStore } from '../../../daemon/memory/store';
import { Logger } from '../../../daemon/server/log';
import { tempDir } from '../../helpers';
import { CONTEXT_FORMS, leaked, loadCorpus } from './corpus';

const corpus = loadCorpus('corpus');
// Secrets recognisable on their own (a bare Discord webhook token or a context form needs its surroundings).
const tokens = corpus.filter(
  (e) =>
    !CONTEXT_FORMS.has(e.family) && !/\s/.test(e.secrets[0]!) && e.secrets[0]!.length >= 20 && e.secrets[0]!.length < 150 && redact(e.secrets[0]!).count > 0,
);

describe('redaction at the call sites', () => {
  it('a breadcrumb cut through a secret keeps none of it', () => {
    for (const e of tokens) {
      const s = e.secrets[0]!;
      // The 120-character cut falls inside the token at 1/3, 1/2 and 5/6 of its length.
      for (const keep of [Math.ceil(s.length / 3), Math.ceil(s.length / 2), Math.ceil((5 * s.length) / 6)].filter((k) => k < 110)) {
        const cmd = `${'x'.repeat(119 - keep)} ${s} --verbose`;
        const crumb = clip(cmd);
        assert.ok(crumb.length <= 120);
        assert.ok(!crumb.includes(s.slice(0, keep - 1).slice(-12)), `${e.family}/${e.form} kept in ${crumb}`);
      }
    }
  });

  it('remember stores neither the secret in the sentence nor one given as an --entity name', () => {
    const home = tempDir('redact-remember');
    const store = new MemoryStore(path.join(home, 'memory.db'));
    try {
      for (const e of tokens.slice(0, 20)) {
        const s = e.secrets[0]!;
        try {
          remember(store, { text: `the deploy job authenticates with ${s}`, entity: [`service:${s}`, `machine:${s}`] }, { hasModel: false });
        } catch (err) {
          // A redacted name may be refused; the refusal must not quote the secret.
          assert.ok(!String(err).includes(s), String(err));
        }
      }
      const names = (store.db.prepare('SELECT name FROM entities UNION ALL SELECT alias FROM aliases').all() as Array<{ name: string }>)
        .map((r) => r.name)
        .join('\n');
      const text = (store.db.prepare('SELECT text || summary AS t FROM episodes').all() as Array<{ t: string }>).map((r) => r.t).join('\n');
      assert.deepEqual(leaked(corpus, names + text), []);
    } finally {
      store.close();
    }
  });

  it("an extractor's entity names, aliases and facts are redacted before they are stored", () => {
    const home = tempDir('redact-extraction');
    const store = new MemoryStore(path.join(home, 'memory.db'));
    try {
      const s = tokens.find((e) => e.family === 'github')!.secrets[0]!;
      remember(store, { text: 'the billing service runs on web-1', entity: ['service:billing'] }, { hasModel: false });
      const ep = (store.db.prepare('SELECT id FROM episodes').get() as { id: string }).id;
      store.applyExtraction(
        ep,
        {
          entities: [
            { name: 'billing', type: 'service', aliases: [s, 'billing-api'] },
            { name: `token ${s}`, type: 'concept' },
          ],
          facts: [{ source: 'billing', relation: 'uses', target: 'web-1', fact: `billing authenticates with ${s}`, confidence: 0.9 }],
        },
        'stub',
      );
      const dump =
        fs.readFileSync(path.join(home, 'memory.db')).toString('latin1') +
        (fs.existsSync(path.join(home, 'memory.db-wal')) ? fs.readFileSync(path.join(home, 'memory.db-wal')).toString('latin1') : '');
      assert.ok(!dump.includes(s.slice(4, 20)));
      const aliases = (store.db.prepare('SELECT alias FROM aliases').all() as Array<{ alias: string }>).map((r) => r.alias);
      assert.ok(aliases.includes('billing-api'), aliases.join(', '));
    } finally {
      store.close();
    }
  });

  it('the daemon log and the MCP call log write no secret', () => {
    const dir = tempDir('redact-logs');
    const log = new Logger(path.join(dir, 'scryd.log'));
    const calls = new CallLog(path.join(dir, 'mcp-calls.jsonl'));
    for (const e of corpus) {
      log.log(`memory: could not ingest /tmp/x: ${e.text}`);
      log.error(`provider said: ${e.text.split('\n')[0]}`);
      const named = tokens.includes(e) ? { entity: [`service:${e.secrets[0]}`] } : {};
      calls.write({ ts: new Date().toISOString(), tool: 'remember', ms: 1, ok: true, args: { text: e.text, ...named } });
    }
    calls.close();
    const written = fs.readFileSync(path.join(dir, 'scryd.log'), 'utf8') + fs.readFileSync(path.join(dir, 'mcp-calls.jsonl'), 'utf8');
    assert.ok(written.includes('[redacted:'));
    assert.deepEqual(leaked(corpus, written), []);
    // The call log stays one JSON object per line.
    for (const line of fs.readFileSync(path.join(dir, 'mcp-calls.jsonl'), 'utf8').trim().split('\n')) JSON.parse(line);
  });
});
