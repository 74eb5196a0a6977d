// The real-recall question file (test/fixtures/memory/real-recall/questions.json)
// checked at the boundary and handed out typed, with the decoded text of a
// question's transcript. The recall bench imports this module; the validator
// test beside it checks the file against the transcripts.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** One question asked of a real public transcript. */
export interface RealQuestion {
  /** Unique, `q01`, `q02`, … */
  id: string;
  /** The transcript, relative to test/fixtures/memory (a set may point at fixtures beside it, `../anchors/…`). */
  transcript: string;
  /** Asked as a later agent would ask it. */
  question: string;
  /** Short strings from the evidence; any one of them (case-insensitive) in an answer shows the answer is there. */
  expect: string[];
  /** A verbatim quote of what the session said, as it reads after JSON string decoding. */
  evidence: string;
  /** True when the question names the thing it asks about. */
  names: boolean;
  /** True when the question shares at most one content word with its evidence. */
  paraphrase: boolean;
}

export const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'memory');
export const QUESTIONS_FILE = path.join(FIXTURES, 'real-recall', 'questions.json');

/** The question file, or one entry of it, is not what the loader expects. */
export class QuestionFileError extends Error {
  constructor(
    readonly file: string,
    readonly entry: number | undefined,
    detail: string,
  ) {
    super(`${file}${entry === undefined ? '' : ` entry ${entry}`}: ${detail}`);
    this.name = 'QuestionFileError';
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toQuestion(raw: unknown, file: string, entry: number): RealQuestion {
  if (!isRecord(raw)) throw new QuestionFileError(file, entry, 'is not an object');
  const { id, transcript, question, expect, evidence, names, paraphrase } = raw;
  for (const [key, value] of Object.entries({ id, transcript, question, evidence })) {
    if (typeof value !== 'string' || value.trim() === '') throw new QuestionFileError(file, entry, `"${key}" must be a non-empty string`);
  }
  if (!Array.isArray(expect) || expect.length === 0 || !expect.every((e): e is string => typeof e === 'string' && e.trim() !== '')) {
    throw new QuestionFileError(file, entry, '"expect" must be a non-empty list of non-empty strings');
  }
  if (typeof names !== 'boolean' || typeof paraphrase !== 'boolean') throw new QuestionFileError(file, entry, '"names" and "paraphrase" must be true or false');
  return { id: String(id), transcript: String(transcript), question: String(question), expect, evidence: String(evidence), names, paraphrase };
}

/** Reads and checks the question file (shape only; the validator test checks the content). */
export function loadQuestions(file: string = QUESTIONS_FILE): RealQuestion[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new QuestionFileError(file, undefined, `cannot be read as JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!Array.isArray(parsed)) throw new QuestionFileError(file, undefined, 'must hold a JSON list');
  return parsed.map((raw, i) => toQuestion(raw, file, i));
}

/** The absolute path of a question's transcript. */
export function transcriptPath(q: RealQuestion): string {
  return path.join(FIXTURES, q.transcript);
}

/** Runs of whitespace made one space, ends trimmed: the only normalisation the quotes get. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (isRecord(value)) for (const v of Object.values(value)) collectStrings(v, out);
}

/** Every string value of every JSONL line, decoded and joined; lines that are not JSON are skipped. */
export function decodedTranscript(file: string): string {
  const out: string[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    collectStrings(value, out);
  }
  return normalizeSpace(out.join('\n'));
}

export const QUESTIONS: RealQuestion[] = loadQuestions();

/** A committed question set: its file, its questions, and the rules its validator holds it to. */
export interface QuestionSet {
  /** Short name the bench prints. */
  name: string;
  file: string;
  questions: RealQuestion[];
  /** At least this many questions. */
  min: number;
  /** At most this many questions on any one transcript. */
  perTranscript: number;
  /** Where its transcripts must live (relative to test/fixtures/memory). */
  under: RegExp;
}

/** Every real-recall set, the first one (issue 21) first. Each was committed before any change it scores. */
export const SETS: QuestionSet[] = [
  { name: 'agentcmd+4 (issue 21)', file: QUESTIONS_FILE, questions: QUESTIONS, min: 60, perTranscript: 10, under: /^(claude|codex)\/real\// },
  (() => {
    const file = path.join(FIXTURES, 'real-recall-spotter', 'questions.json');
    // Three sessions of 2.7 MB each: more questions per transcript than the first set allows.
    return { name: 'spotter sessions (issue 37)', file, questions: loadQuestions(file), min: 40, perTranscript: 20, under: /^\.\.\/anchors\/spotter\// };
  })(),
  (() => {
    const file = path.join(FIXTURES, 'real-recall-codex', 'questions.json');
    // Seven Codex CLI rollouts of jerometremblay/codex_log_viewer, kept beside the set (its `codex/` folder).
    return {
      name: 'codex_log_viewer rollouts (issue 37)',
      file,
      questions: loadQuestions(file),
      min: 40,
      perTranscript: 10,
      under: /^real-recall-codex\/codex\//,
    };
  })(),
];
