// Boilerplate, found by recurrence (issue 37): a line of what was said that
// other sessions said word for word too is not this session's substance. A
// client's fixed prompts (Claude Code's compaction instructions in its
// compaction agent's file), hook banners pasted into the transcript, the same
// reminder in every session: the text recurs, whatever it says. Lines are
// compared whole after folding case and whitespace; short lines ("Done.",
// "All green.") are never counted, so a short answer is never dropped for
// being common. Tool breadcrumbs are not lines of what was said and are left
// alone. The assistant's own prose is never taken out of what recall shows:
// a line it said again in another session (the same URL, file list or steps
// as its answer there) is its answer here too. Such a line is only left out
// of the search index, as before: indexed, the copies of a repeated file list
// or test command outranked the passage with the finding on the real Codex
// set. What the client or the user side injected (user turns, with the hooks,
// reminders and command banners pasted into them; the preamble of a
// compaction summary) is left out of both.
// Pure: the store counts the sessions (store/passages.ts).
import { createHash } from 'node:crypto';

/** Shorter lines (folded) are never boilerplate: too short to be a template, and cheap to keep. */
export const RECURRING_MIN_CHARS = 24;
/** A line said in this many different sessions is boilerplate. */
export const RECURRING_SESSIONS = 2;
/** A passage left with fewer words of its own than this once its boilerplate is gone says nothing. */
const MIN_WORDS = 3;

/** A turn's role label (chunk.ts), not part of what the line says. */
const TURN_HEAD = /^(?:user|assistant|summary|system|developer|tool)(?: \([^)\n]{0,80}\))?: /;
const CRUMB = /^\s*\[(?:ran|edited|read|searched|fetched|used|task)[: ]/;

/** Whether a turn is the assistant's own prose, by its role label (`assistant: `, `assistant (subagent x): `). */
export function isAssistantTurn(turnHead: string): boolean {
  return TURN_HEAD.exec(turnHead)?.[0].startsWith('assistant') ?? false;
}

/** The key a line is compared by: case and whitespace folded, hashed. */
export function lineKey(line: string): string | undefined {
  const folded = line.replace(TURN_HEAD, '').replace(/\s+/g, ' ').trim().toLowerCase();
  if (folded.length < RECURRING_MIN_CHARS || CRUMB.test(folded)) return undefined;
  return createHash('sha1').update(folded).digest('hex').slice(0, 20);
}

/** The distinct keys of a text's lines of prose. */
export function lineKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const line of text.split('\n')) {
    const k = lineKey(line);
    if (k) keys.add(k);
  }
  return [...keys];
}

/** The text without its boilerplate lines (a turn's `role: ` label kept when its line goes). */
export function withoutRecurring(text: string, isBoilerplate: (key: string) => boolean): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const k = lineKey(line);
    if (!k || !isBoilerplate(k)) {
      out.push(line);
      continue;
    }
    const head = TURN_HEAD.exec(line);
    if (head) out.push(head[0].trimEnd());
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether what is left of a passage still says something: a few words beyond its role label. */
export function saysSomething(text: string): boolean {
  const body = text.replace(/^(?:user|assistant|summary|system|developer|tool)(?: \([^)\n]{0,80}\))?:/gm, '');
  return (body.match(/[\p{L}\p{N}]{2,}/gu) ?? []).length >= MIN_WORDS;
}
