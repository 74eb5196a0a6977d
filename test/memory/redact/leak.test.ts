// The whole corpus through the real memory path: a spawned daemon ingests a
// Claude Code session holding every secret in user text, assistant text, a
// long Bash command (clipped to a breadcrumb), and a tool output; `remember`
// gets secrets in its text and its --entity names; an OpenAI-compatible stub
// (a local HTTP server, the machine's edge) extracts, and its replies echo a
// secret back as an alias. Then every file under SCRY_HOME (memory.db, -wal,
// -shm, logs) and every request the stub received are searched: no secret.
// The third and fourth held-out sets (never tuned against) go through the same
// path: nothing of them that redaction catches on its own may reach a file or
// the provider, and what it misses on its own is counted and listed. The
// fourth set's non-secrets (keep-4: public keys, hashes, ids, hosts) go
// through too, and must be found whole in memory.db.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IngestResult, MemoryStatus } from '../../../daemon/protocol';
import { scry, stopDaemon, tempDir } from '../../helpers';
import { waitFor } from '../../live/wait';
import { redact } from '../../../daemon/memory/redact';
import { FakeLlm } from '../extract/fake-llm';
import { CONTEXT_FORMS, leaked, loadCorpus, loadKeep } from './corpus';

const ENV = { SCRY_MEMORY_SWEEP: '0' };
const corpus = loadCorpus('corpus');
const heldOut3 = loadCorpus('held-out-3');
const heldOut4 = loadCorpus('held-out-4');
const keep4 = loadKeep();
// What redaction misses on its own, text by text: the memory path cannot be asked to do better.
const missedBy = (set: typeof corpus): Set<(typeof corpus)[number]> => new Set(set.filter((e) => leaked([e], redact(e.text).text).length > 0));
const missedAlone = missedBy(heldOut3);
const caughtAlone = heldOut3.filter((e) => !missedAlone.has(e));
const missedAlone4 = missedBy(heldOut4);
const caughtAlone4 = heldOut4.filter((e) => !missedAlone4.has(e));
// The longest run of key characters in a non-secret: what must be found whole in memory.db.
const publicPart = (text: string): string => (text.match(/[A-Za-z0-9+/=_.:-]{20,}/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');

async function json<T>(args: string[], home: string): Promise<T> {
  const r = await scry([...args, '--json'], { home, env: ENV });
  assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

const CUT = 119;

/** A command whose breadcrumb cut (120 characters) falls two thirds into the entry's (first) secret. */
function longCommand(text: string, secret: string): string {
  const line = text.split('\n')[0]!;
  const at = line.indexOf(secret);
  const head = 'cd /srv/app && ./deploy.sh --region eu-west-1 ';
  if (at < 0) return `${head}&& ${text}`;
  const pad = Math.max(0, CUT - head.length - 4 - at - Math.ceil((2 * secret.length) / 3));
  return `${head}-v${'v'.repeat(pad)} && ${text}`;
}

function session(): string {
  const at = '2026-03-01T09:00:00Z';
  const base = { sessionId: 'secrets', cwd: '/work/secrets', gitBranch: 'main', timestamp: at };
  const lines: string[] = [];
  [...corpus, ...heldOut3, ...heldOut4, ...keep4.map((k) => ({ ...k, secrets: [k.text] }))].forEach((e, i) => {
    lines.push(JSON.stringify({ ...base, type: 'user', uuid: `u${i}`, message: { role: 'user', content: `Set this up please: ${e.text}` } }));
    lines.push(
      JSON.stringify({
        ...base,
        type: 'assistant',
        uuid: `a${i}`,
        message: {
          id: `m${i}`,
          role: 'assistant',
          content: [
            { type: 'text', text: `Using ${e.text} as you said.` },
            { type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: longCommand(e.text, e.secrets[0]!) } },
          ],
        },
      }),
    );
    lines.push(
      JSON.stringify({
        ...base,
        type: 'user',
        uuid: `r${i}`,
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: `ok\n${e.text}\ndone` }] },
      }),
    );
  });
  return lines.join('\n') + '\n';
}

describe('no secret of the corpus survives the memory path', () => {
  let llm: FakeLlm;
  let home: string;
  let src: string;
  const tokens = corpus.filter((e) => !CONTEXT_FORMS.has(e.family) && !/\s/.test(e.secrets[0]!) && e.secrets[0]!.length < 150);
  const echoed = tokens[0]!.secrets[0]!;

  before(async () => {
    llm = await new FakeLlm().start();
    // The model "extracts" an alias that is a secret: what a provider says is redacted too.
    llm.answer('/v1/chat/completions', {
      kind: 'reply',
      text: JSON.stringify({
        entities: [{ name: 'deploy service', type: 'service', aliases: [echoed, 'deployer'] }],
        facts: [
          {
            source: 'deploy service',
            relation: 'uses',
            target: 'web-1',
            fact: `The deploy service authenticates with ${echoed}`,
            confidence: 0.8,
            valid_from: null,
          },
        ],
      }),
    });
    home = tempDir('redact-leak');
    src = tempDir('redact-leak-src');
    fs.mkdirSync(home, { recursive: true, mode: 0o700 });
    fs.writeFileSync(
      path.join(home, 'config.yaml'),
      `memory:\n  sweep:\n    enabled: false\n  providers:\n    - type: openai\n      base_url: ${llm.url}/v1\n      model: stub\n      timeout_ms: 20000\n    - type: offline\n`,
    );
  });
  after(async () => {
    await stopDaemon(home);
    await llm.stop();
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(src, { recursive: true, force: true });
  });

  it('ingests, remembers and extracts, then finds none of them in any file or request', async () => {
    const dir = path.join(src, '-work-secrets');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '5ec2e75a-0000-4000-8000-000000000000.jsonl'), session());
    const r = await json<IngestResult>(['memory', 'ingest', '--source', 'claude', '--path', dir], home);
    assert.ok(r.added > 0, 'episodes added');
    assert.ok((r.files[0]!.redactions ?? 0) >= corpus.length * 2, `redactions counted: ${r.files[0]!.redactions}`);

    // remember: the secret in the sentence and as the --entity name.
    const remembered = tokens.filter((_, i) => i % 4 === 0).slice(0, 16);
    for (const e of remembered) {
      const s = e.secrets[0]!;
      const res = await scry(
        ['memory', 'remember', `the ${e.family} credential for the deploy job is ${s}`, '--entity', `service:${s}`, '--entity', `deploy-${e.family}`, '--json'],
        { home, env: ENV },
      );
      // Refused (the name is not one memory keeps) or stored redacted: both fine, a crash is not.
      assert.ok(res.code === 0 || /--entity/.test(res.stderr), res.stderr);
    }

    await waitFor(async () => {
      const st = await json<MemoryStatus>(['memory', 'status'], home);
      return st.queue.pending === 0 && st.queue.done > 0;
    }, 'extraction to finish');
    assert.ok(llm.hits('/v1/chat/completions') > 0, 'the stub provider was asked');
    await stopDaemon(home);

    const files: string[] = [];
    const walk = (d: string): void => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(home);
    assert.ok(files.some((f) => f.endsWith('memory.db')));
    assert.ok(
      files.some((f) => f.includes(`${path.sep}logs${path.sep}`)),
      'a daemon log was written',
    );
    const contents = files.map((f) => [f, fs.readFileSync(f).toString('latin1')] as const);
    const inFiles = contents.flatMap(([f, text]) => leaked([...corpus, ...caughtAlone, ...caughtAlone4], text).map((w) => `${w} in ${path.relative(home, f)}`));
    assert.deepEqual(inFiles, []);

    const sent = JSON.stringify(llm.seen.map((s) => s.body));
    assert.ok(sent.includes('[redacted:'), 'the provider saw redacted episodes');
    assert.deepEqual(leaked([...corpus, ...caughtAlone, ...caughtAlone4], sent), []);
    // The held-out set's own misses: each is one redact() misses alone (the path adds none), and their number is printed.
    const stored = new Set(contents.flatMap(([, text]) => leaked([...missedAlone], text)).map((w) => w.replace(/ \(in part\)$/, '')));
    const sentMissed = new Set(leaked([...missedAlone], sent).map((w) => w.replace(/ \(in part\)$/, '')));
    console.log(
      `  held-out-3 through the memory path: ${heldOut3.length - missedAlone.size}/${heldOut3.length} never stored nor sent; the ${missedAlone.size} redact() misses alone: ${stored.size} found in SCRY_HOME, ${sentMissed.size} in provider requests (${[...missedAlone].map((e) => `${e.family}/${e.form}`).join(', ')})`,
    );
    assert.ok(missedAlone.size <= heldOut3.length - 193, `${missedAlone.size} held-out-3 misses`);
    const stored4 = new Set(contents.flatMap(([, text]) => leaked([...missedAlone4], text)).map((w) => w.replace(/ \(in part\)$/, '')));
    console.log(
      `  held-out-4 through the memory path: ${heldOut4.length - missedAlone4.size}/${heldOut4.length} never stored nor sent; the ${missedAlone4.size} redact() misses alone: ${stored4.size} found in SCRY_HOME (${[...missedAlone4].map((e) => `${e.family}/${e.form}`).join(', ')})`,
    );
    assert.ok(missedAlone4.size <= 3, `${missedAlone4.size} held-out-4 misses`);
    // Public keys, hashes and ids are knowledge: each comes out of the path whole.
    const db = contents
      .filter(([f]) => /memory\.db(?:-wal)?$/.test(f))
      .map(([, text]) => text)
      .join('\n');
    const lost = keep4.filter((k) => publicPart(k.text).length > 0 && !db.includes(publicPart(k.text))).map((k) => `${k.family}/${k.form}`);
    console.log(
      `  keep-4 through the memory path: ${keep4.length - lost.length}/${keep4.length} found whole in memory.db${lost.length > 0 ? ` (lost: ${lost.join(', ')})` : ''}`,
    );
    assert.deepEqual(lost, []);
  });
});
