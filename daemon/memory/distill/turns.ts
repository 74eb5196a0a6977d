// Accumulates the turns of one transcript as lines arrive, for distillers
// whose sources interleave text, tool calls and tool results (Claude, Codex).
// A tool call's breadcrumb is placed where the call was made and marked
// failed later, when its result arrives; text is rendered and redacted once,
// at the end.
import type { Turn, TurnRole } from '../episode';
import { redact } from '../redact';

/** An assistant turn grows until real user text arrives; past this many characters it is cut at the next message boundary so chunking has turn boundaries to work with. */
const ASSISTANT_SPLIT_CHARS = 6000;

interface Part {
  text: string;
  failed?: boolean;
}

interface Draft {
  role: TurnRole;
  parts: Part[];
  chars: number;
  at?: string;
  lineStart: number;
  lineEnd: number;
  subagent?: string;
  lastMessageId?: string;
}

export class TurnBuilder {
  private readonly drafts: Draft[] = [];
  private current: Draft | undefined;
  private readonly tools = new Map<string, { part: Part; draft: Draft }>();

  constructor(private readonly subagent?: string) {}

  /** Real user words. Consecutive user lines (no reply between) form one turn. */
  user(text: string, line: number, at: string | undefined): void {
    if (text.trim().length === 0) return;
    this.add('user', { text }, line, at, undefined);
  }

  /** A model-written compaction summary: always its own turn. */
  summary(text: string, line: number, at: string | undefined): void {
    if (text.trim().length === 0) return;
    this.current = undefined;
    this.add('summary', { text }, line, at, undefined);
    this.current = undefined;
  }

  /** Ends the current turn: what comes next starts a new one even in the same role (a new session in one file). */
  boundary(): void {
    this.current = undefined;
  }

  assistant(text: string, line: number, at: string | undefined, messageId?: string): void {
    if (text.trim().length === 0) return;
    this.add('assistant', { text }, line, at, messageId);
  }

  /** A tool call's breadcrumb, in the assistant turn; `id` pairs it with its result. */
  tool(id: string | undefined, crumb: string, line: number, at: string | undefined, messageId?: string): void {
    const part: Part = { text: crumb };
    const draft = this.add('assistant', part, line, at, messageId);
    if (id) this.tools.set(id, { part, draft });
  }

  /** A tool result: extends its call's turn to this line, marks a failure. Unpaired results are ignored. */
  toolResult(id: string | undefined, failed: boolean, line: number): void {
    const t = id ? this.tools.get(id) : undefined;
    if (!t) return;
    if (failed) t.part.failed = true;
    if (line > t.draft.lineEnd) t.draft.lineEnd = line;
  }

  /** Renders and redacts every turn. */
  finish(): { turns: Turn[]; redactions: number } {
    let redactions = 0;
    const turns: Turn[] = [];
    for (const d of this.drafts) {
      const raw = d.parts
        .map((p) => (p.failed ? `${p.text} (failed)` : p.text))
        .join('\n')
        .trim();
      if (raw.length === 0) continue;
      const r = redact(raw);
      redactions += r.count;
      const turn: Turn = { role: d.role, text: r.text, lineStart: d.lineStart, lineEnd: d.lineEnd };
      if (d.at) turn.at = d.at;
      if (d.subagent) turn.subagent = d.subagent;
      turns.push(turn);
    }
    return { turns, redactions };
  }

  private add(role: TurnRole, part: Part, line: number, at: string | undefined, messageId: string | undefined): Draft {
    const text = part.text.trim();
    part.text = text;
    let d = this.current;
    const continues =
      d !== undefined &&
      d.role === role &&
      (role !== 'assistant' || d.chars < ASSISTANT_SPLIT_CHARS || (messageId !== undefined && messageId === d.lastMessageId));
    if (!continues || d === undefined) {
      d = { role, parts: [], chars: 0, lineStart: line, lineEnd: line };
      if (at) d.at = at;
      if (this.subagent) d.subagent = this.subagent;
      this.drafts.push(d);
      this.current = d;
    }
    if (text.length > 0) {
      d.parts.push(part);
      d.chars += text.length + 1;
    }
    if (line > d.lineEnd) d.lineEnd = line;
    if (messageId !== undefined) d.lastMessageId = messageId;
    return d;
  }
}
