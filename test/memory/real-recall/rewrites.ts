// The canned replies of a query-rewrite model for the real-recall sets
// (test/fixtures/memory/recall-rewrites/rewrites.json, written from the
// questions alone before any run that scores them), and the fake provider's
// answer to recall's rewrite prompt: the reply for the question it quotes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FIXTURES } from './questions';

export const REWRITES_FILE = path.join(FIXTURES, 'recall-rewrites', 'rewrites.json');

interface CannedRewrite {
  set: string;
  id: string;
  question: string;
  reply: string;
}

/** Every canned reply by the question it answers. */
export function loadRewrites(file: string = REWRITES_FILE): Map<string, string> {
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as CannedRewrite[];
  return new Map(rows.map((r) => [r.question, r.reply]));
}

/** The canned reply to a rewrite prompt: looked up by the question on its `Question:` line. */
export function cannedRewrite(replies: ReadonlyMap<string, string>): (prompt: string) => string | undefined {
  return (prompt) => {
    const asked = /^Question: (.*)$/m.exec(prompt)?.[1]?.trim();
    return asked === undefined ? undefined : replies.get(asked);
  };
}
