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
/** Families that are a way of writing a credential (a command, a URL, prose, code, a table, a wallet) rather than a provider. */

export const CONTEXT_FORMS = new Set(['url', 'cli', 'header', 'env', 'config', 'prose', 'netrc', 'key-material', 'wrapped', 'code', 'table', 'wallet']);

export type CorpusName = 'corpus' | 'held-out' | 'held-out-2' | 'held-out-3' | 'held-out-4';
export const CORPORA: readonly CorpusName[] = ['corpus', 'held-out', 'held-out-2', 'held-out-3', 'held-out-4'];

export const loadCorpus = (name: CorpusName): CorpusEntry[] => JSON.parse(fs.readFileSync(path.join(SECRETS_DIR, `${name}.json`), 'utf8')) as CorpusEntry[];

/** A non-secret that must come out of redaction byte for byte (keep-4.json). */
export interface KeepEntry {
  family: string;
  form: string;
  text: string;
}

export const loadKeep = (): KeepEntry[] => JSON.parse(fs.readFileSync(path.join(SECRETS_DIR, 'keep-4.json'), 'utf8')) as KeepEntry[];

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

export interface Score {
  /** Entries with a secret still whole in the redacted text. */
  leaked: CorpusEntry[];
  /** Entries with no secret whole, but a 16-character piece of one left. */
  partial: CorpusEntry[];
}

/** How each entry of a set comes out of `redactText`: leaked whole, in part, or not at all. */
export function score(entries: readonly CorpusEntry[], redactText: (text: string) => string): Score {
  const out: Score = { leaked: [], partial: [] };
  for (const e of entries) {
    const text = redactText(e.text);
    if (e.secrets.some((s) => text.includes(s))) out.leaked.push(e);
    else if (leaked([e], text).length > 0) out.partial.push(e);
  }
  return out;
}

/** The non-secrets that do not come out byte for byte. */
export const damaged = (entries: readonly KeepEntry[], redactText: (text: string) => string): KeepEntry[] =>
  entries.filter((e) => redactText(e.text) !== e.text);
