// Gathers measure.ts's runs, one transcript each against its own checkout,
// into the one file a round keeps (mentions-N.json): each run's counts, with
// the commit it was measured against and the session's commit, and every
// mention in order.
//
//   node --import tsx test/memory/anchors/real/runs.ts OUT.json RUN.json:COMMIT[:SESSION_COMMIT]...
import * as fs from 'node:fs';

interface Run {
  counts: Record<string, unknown>;
  mentions: Array<{ session: string }>;
}

const [outFile, ...args] = process.argv.slice(2);
if (!outFile || args.length === 0) throw new Error('usage: runs.ts OUT.json RUN.json:COMMIT[:SESSION_COMMIT]...');
const runs: object[] = [];
const mentions: object[] = [];
for (const arg of args) {
  const [file, commit, sessionCommit] = arg.split(':');
  if (!file || !commit) throw new Error(`runs.ts: ${arg}: expected RUN.json:COMMIT[:SESSION_COMMIT]`);
  const run = JSON.parse(fs.readFileSync(file, 'utf8')) as Run;
  const sessions = [...new Set(run.mentions.map((m) => m.session))];
  if (sessions.length !== 1) throw new Error(`runs.ts: ${file}: a run holds one transcript's mentions, it holds ${sessions.length}`);
  runs.push({ session: sessions[0], commit, ...(sessionCommit ? { session_commit: sessionCommit } : {}), counts: run.counts });
  mentions.push(...run.mentions);
}
fs.writeFileSync(outFile, JSON.stringify({ runs, mentions }, null, 1) + '\n');
