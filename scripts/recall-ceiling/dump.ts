// Dumps what the recall-ceiling measurement reads (see README.md): the
// real-recall question set's transcripts ingested by a real daemon into a
// temporary home, then, in process, every stored passage, each question's
// words, its lexical passage ranking (searchPassages) and
// whether recall's answer holds the expected string.
//
//   npm run build && node --import tsx scripts/recall-ceiling/dump.ts OUT.json
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { recall } from '../../daemon/memory/recall';
import { searchPassages } from '../../daemon/memory/recall-passages';
import { MemoryStore } from '../../daemon/memory/store';
import { queryWords } from '../../daemon/memory/views';
import { FIXTURES, QUESTIONS } from '../../test/memory/real-recall/questions';

const out = process.argv[2];
if (!out) throw new Error('usage: dump.ts OUT.json');
const cli = path.join(__dirname, '..', '..', 'dist', 'cli.js');
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-ceiling-'));
const env = { ...process.env, SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0' };
try {
  for (const t of [...new Set(QUESTIONS.map((q) => q.transcript))].sort()) {
    execFileSync(process.execPath, [cli, 'memory', 'ingest', '--source', t.split('/')[0]!, '--path', path.join(FIXTURES, t)], { env, stdio: 'ignore' });
  }
  execFileSync(process.execPath, [cli, 'stop'], { env, stdio: 'ignore' });
  const store = new MemoryStore(path.join(home, 'memory', 'memory.db'));
  const passages = store.db.prepare<[], { id: number; text: string }>('SELECT id, text FROM passages ORDER BY id').all();
  const questions = QUESTIONS.map((q) => {
    const words = queryWords(q.question);
    const found = (t: string): boolean => q.expect.some((e) => t.toLowerCase().includes(e.toLowerCase()));
    return {
      id: q.id,
      question: q.question,
      expect: q.expect,
      names: q.names,
      terms: words,
      lexical: searchPassages(store, { words, now: new Date() }).map((h) => h.row.id),
      recall_hit: found(JSON.stringify(recall(store, { query: q.question }))),
    };
  });
  store.close();
  fs.writeFileSync(out, JSON.stringify({ passages, questions }));
  console.log(`${passages.length} passages, ${questions.length} questions -> ${out}`);
} finally {
  fs.rmSync(home, { recursive: true, force: true });
}
