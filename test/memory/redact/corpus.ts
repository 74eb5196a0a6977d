// The generated redaction corpora (scripts/gen-secret-corpus.mjs) and the
// ordinary text redaction must leave alone.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../../helpers';

export interface CorpusEntry {
  family: string;
  form: string;
  text: string;
  secrets: string[];
}

export const SECRETS_DIR = path.join(ROOT, 'test', 'fixtures', 'secrets');
/** Families that are a way of writing a credential (a command, a URL, prose) rather than a provider. */
export const CONTEXT_FORMS = new Set(['url', 'cli', 'header', 'env', 'config', 'prose', 'netrc', 'key-material', 'wrapped']);

export const loadCorpus = (name: 'corpus' | 'held-out' | 'held-out-2' | 'held-out-3'): CorpusEntry[] => JSON.parse(fs.readFileSync(path.join(SECRETS_DIR, `${name}.json`), 'utf8')) as CorpusEntry[];

const WINDOW = 16;

/**
 * The secrets of `entries` present in `text`, whole or in part: a secret of
 * 24 characters or more counts as leaked when any 16-character window of it
 * past its first four characters (a prefix like `ghp_`) appears, so a token
 * cut short by a breadcrumb or a summary is caught too.
 */
export function leaked(entries: readonly CorpusEntry[], text: string): string[] {
  const windows = new Map<string, string>();
  const out = new Set<string>();
  for (const e of entries)
    for (const s of e.secrets) {
      const what = `${e.family}/${e.form}`;
      if (text.includes(s)) out.add(what);
      if (s.length < 24) continue;
      for (let i = 4; i + WINDOW <= s.length; i++) {
        const w = s.slice(i, i + WINDOW);
        if (new Set(w).size >= 8) windows.set(w, what);
      }
    }
  for (let i = 0; i + WINDOW <= text.length; i++) {
    const hit = windows.get(text.slice(i, i + WINDOW));
    if (hit) out.add(`${hit} (in part)`);
  }
  return [...out];
}
