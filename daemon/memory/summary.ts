// An episode's deterministic summary: what was asked (the first substantive
// user request) and how it ended (the last assistant conclusion), each
// trimmed at a word. A model may refine it later; this one has to say what
// happened with no model at all.
import type { Turn } from './episode';
import { isSlashCommand } from './distill/wrappers';

const REQUEST_MAX = 160;
const OUTCOME_MAX = 160;

const BREADCRUMB_RE = /^\[(?:ran|edited|read|searched|fetched|used|task)[: ]/;
/** Replies that steer the agent without asking for anything ("yes", "go on"): never the request an episode is about. */
const ACK_RE = /^(?:y|yes|yep|ok|okay|sure|no|nope|go|go on|go ahead|continue|proceed|do it|please do|thanks|thank you|ty|lgtm|next|done|warmup)\b[\s.!]*$/i;
/** Closing courtesies and announcements of what comes next ("Let me check…"): never how a session ended. */
const PLEASANTRY_RE =
  /^(?:let me |i'll |i will |now (?:let me|i'll) |would you like|do you want|feel free|if you(?:'d| would)? (?:like|want|need)|happy to|i can also|shall i|want me to|hope this helps|no further action|nothing else (?:is )?needed)/i;
/** A short paragraph that offers more rather than saying what was done ("…, unless you want me to rerun it."). */
const OFFER_RE = /\b(?:let me know|unless you(?:'d)? (?:want|like)|if you(?:'d)? (?:want|like) me to)\b/i;
/** Claude Code's own prompt to a compaction subagent: the harness asking, not the user. */
const COMPACTION_PROMPT_RE = /^Your task is to create a detailed summary of the conversation so far/;
/** A line that only labels what follows (`**Next Steps**`, `Changes:`). */
const LABEL_RE = /^\s*(?:\*\*([^*]{1,60})\*\*:?|([A-Z][^.!?:]{0,40}):)\s*$/;
const ITEM_RE = /^\s*(?:[-*+]|\d+[.)])\s+/;
/** An opening interjection before the conclusion proper ("Perfect! The tests pass." → "The tests pass."). */
const INTERJECTION_RE = /^(?:(?:perfect|great|excellent|done|good|sure|okay|ok|alright|all set|got it|nice)[!.,]\s+)+/i;

/** Prose lines of a turn: breadcrumbs and blank lines removed, whitespace folded. */
export function prose(text: string): string {
  return text
    .split('\n')
    .filter((l) => l.trim() && !BREADCRUMB_RE.test(l.trim()))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut at a word boundary within `max` characters, marked with an ellipsis. */
export function clipWords(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/**
 * The paragraphs of an answer in plain words: code blocks, tables, headings
 * and emphasis go; a breadcrumb is a paragraph break (text on either side of
 * a tool call was said at different moments). `list` marks a paragraph made
 * only of list items: details, not the conclusion.
 */
function paragraphs(text: string): Array<{ text: string; list: boolean }> {
  const lines = text
    .replace(/```[\s\S]*?(?:```|$)/g, '\n\n')
    // The model's scratchpad before a compaction summary is not its conclusion.
    .replace(/<analysis>[\s\S]*?<\/analysis>/g, '\n\n')
    .replace(/<\/?summary>/g, '\n\n')
    .split('\n')
    .map((l) => (BREADCRUMB_RE.test(l.trim()) || /^\s*\|/.test(l) || /^\s*#{1,6}\s/.test(l) || /^\s*(?:[-*_]\s*){3,}$/.test(l) ? '' : l));
  const out: Array<{ text: string; list: boolean }> = [];
  for (const block of lines.join('\n').split(/\n\s*\n/)) {
    const ls = block.split('\n').filter((l) => l.trim());
    if (ls.length === 0) continue;
    const label = LABEL_RE.exec(ls[0]!);
    const body = label && ls.length > 1 ? ls.slice(1) : ls;
    const words = body
      .map((l) =>
        l
          .replace(ITEM_RE, '')
          .replace(/\*\*|__|`/g, '')
          .trim(),
      )
      .join(' ')
      .replace(/\s+/g, ' ');
    out.push({
      text: label && ls.length > 1 ? `${(label[1] ?? label[2] ?? '').trim()}: ${words}` : words,
      list: body.every((l) => ITEM_RE.test(l)),
    });
  }
  return out;
}

/** A user turn that asks for something: words of the user's own, not an acknowledgement or a bare slash command. */
function isSubstantive(text: string): boolean {
  const p = prose(text);
  if (!p || isSlashCommand(p) || ACK_RE.test(p) || COMPACTION_PROMPT_RE.test(p)) return false;
  return p.split(' ').length >= 3 || p.endsWith('?');
}

/** How an assistant turn ended: its last paragraph that is neither a courtesy nor a lead-in, first sentences only. */
export function conclusion(text: string): string {
  const paras = paragraphs(text);
  const usable = paras.filter((p) => !p.list && !PLEASANTRY_RE.test(p.text) && !(p.text.length < 160 && OFFER_RE.test(p.text)) && !/[:：]$/.test(p.text));
  const pick = (usable.length > 0 ? usable[usable.length - 1]! : paras[paras.length - 1])?.text ?? '';
  const body = pick.replace(INTERJECTION_RE, '') || pick;
  const sentences = body.split(/(?<=[.!?])\s+/);
  // One sentence, or a few when the first is too short to say much.
  let out = sentences[0] ?? '';
  for (const s of sentences.slice(1)) {
    if (out.length >= OUTCOME_MAX / 3 || out.length + 1 + s.length > OUTCOME_MAX) break;
    out += ` ${s}`;
  }
  return clipWords(out, OUTCOME_MAX);
}

/** What a whole session is about, for its episodes in which nobody asks anything: its title, else its first real request. */
export function sessionTopic(turns: readonly Turn[], title: string | undefined): string | undefined {
  if (title?.trim()) return title.trim();
  const t = turns.find((x) => x.role === 'user' && isSubstantive(x.text));
  if (t) return prose(t.text);
  return turns.some((x) => x.role === 'user' && COMPACTION_PROMPT_RE.test(x.text.trimStart())) ? COMPACTION_TOPIC : undefined;
}

const COMPACTION_TOPIC = 'Compaction of the conversation so far';

/**
 * First substantive user request of the turns, then how the last assistant
 * turn after it concluded. `fallback` (the session's title or first request)
 * stands in when no user turn here asks for anything: a later episode of a
 * long session, a subagent's report, a compaction.
 */
export function summarize(turns: readonly Turn[], fallback?: string): string {
  const request = turns.find((t) => t.role === 'user' && isSubstantive(t.text));
  const compaction = turns.some((t) => t.role === 'user' && COMPACTION_PROMPT_RE.test(t.text.trimStart()));
  const any = turns.find((t) => t.role === 'user' && prose(t.text));
  const head = request
    ? prose(request.text)
    : fallback?.trim() || (compaction ? COMPACTION_TOPIC : prose((any ?? turns.find((t) => prose(t.text)))?.text ?? ''));
  const after = request ? turns.slice(turns.indexOf(request) + 1) : turns;
  const last = [...after].reverse().find((t) => t.role === 'assistant' && prose(t.text));
  const outcome = last ? conclusion(last.text) : '';
  const clean = head.replace(/\*\*|`/g, '');
  if (!outcome) return clipWords(clean, REQUEST_MAX + OUTCOME_MAX);
  return `${clipWords(clean, REQUEST_MAX)} → ${outcome}`;
}
