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
export const CONTEXT_FORMS = new Set(['url', 'cli', 'header', 'env', 'config', 'prose', 'netrc']);

export const loadCorpus = (name: 'corpus' | 'held-out'): CorpusEntry[] => JSON.parse(fs.readFileSync(path.join(SECRETS_DIR, `${name}.json`), 'utf8')) as CorpusEntry[];

/** The secrets of `entries` still present in `text`. */
export function leaked(entries: readonly CorpusEntry[], text: string): string[] {
  return entries.flatMap((e) => e.secrets.filter((s) => text.includes(s)).map(() => `${e.family}/${e.form}`));
}
