// What of a distilled episode is prose: the words the user and the agent
// wrote, without the breadcrumbs of its tool calls, code blocks, tables,
// markdown markup, links and quoted output. Breadcrumbs are kept apart: the
// commands run and the tools used, so the extractor knows which words were
// the agent's own traffic.
import type { TurnRole } from '../episode';

export interface ProseUnit {
  role: TurnRole;
  /** One paragraph, heading or list item: sentences never run across two units. */
  text: string;
  /** A markdown heading: its capitals are style. */
  heading?: boolean;
  /** A list item, a heading or a "Label: …" line, not running prose. */
  item?: boolean;
}

export interface EpisodeProse {
  units: ProseUnit[];
  /** `[ran: …]` breadcrumbs: the commands, first line only. */
  commands: string[];
  /** `[used X]` breadcrumbs: tool names the agent called. */
  toolsUsed: string[];
  /** Code identifiers the prose quotes in backticks (`TodoList`, `use_todos`): symbols, the code index's, not memory's. */
  codeNames: Set<string>;
}

const SOURCE_FILE = /(?<![\w.-])([A-Za-z_][\w-]*)\.(?:tsx?|jsx?|mjs|cjs|py|rb|go|rs|ex|exs|java|kt|swift|vue|svelte|php|cs|cpp|cc|h|hpp|m|scala|dart)\b/g;
const ROLE = /^(user|assistant|summary)(?: \([^)]*\))?:\s?/;
const BREADCRUMB = /^\s*\[(ran:|edited|read|used|searched|fetched|task:)\s*([^\]]*)\](?:\s*\((?:failed|error)\))?/;
/** A line of code pasted into prose (indented, or plainly a statement): `name: user?.name || "Guest",`. */
const CODE_LINE = /^\s{4,}\S|[{};,]\s*$|=>|\|\||&&|\?\.|^\s*(const|let|var|import|export|return|function|def|class|if|for|while|public|private)\b[^.!?]*$/;
const BOLD_LABEL = /^\s*\*\*[^*]{1,60}\*\*\s*:/;
const FENCE = /^\s*(```|~~~)/;
const TABLE = /^\s*\|/;
const BLOCK_MARK = /^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/;

export function proseOf(text: string): EpisodeProse {
  const units: ProseUnit[] = [];
  const commands: string[] = [];
  const toolsUsed: string[] = [];
  const codeNames = new Set<string>();
  let role: TurnRole = 'user';
  let inFence = false;
  let paragraph: string[] = [];
  const flush = (): void => {
    const t = paragraph.join(' ').replace(/\s+/g, ' ').trim();
    if (t.length > 0) units.push({ role, text: t });
    paragraph = [];
  };
  for (const raw of text.split('\n')) {
    let line = raw;
    const r = ROLE.exec(line);
    if (r && !inFence) {
      flush();
      role = r[1] as TurnRole;
      line = line.slice(r[0].length);
    }
    if (FENCE.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    let crumb = BREADCRUMB.exec(line);
    while (crumb) {
      if (crumb[1] === 'ran:') commands.push(crumb[2]!.trim());
      else if (crumb[1] === 'used') toolsUsed.push(crumb[2]!.trim());
      line = line.slice(crumb[0].length);
      crumb = BREADCRUMB.exec(line);
    }
    if (line.trim().length === 0 || TABLE.test(line) || CODE_LINE.test(line)) {
      flush();
      continue;
    }
    if (BOLD_LABEL.test(line)) {
      // "**Storage Utilities**: …" opens an item of its own, like a list item.
      flush();
      units.push({ role, text: cleanInline(line), item: true });
      continue;
    }
    if (BLOCK_MARK.test(line)) {
      // A heading or list item stands alone; close it like a sentence so it does not run into the next.
      flush();
      const heading = /^\s*#/.test(line);
      const t = terminate(cleanInline(line.replace(BLOCK_MARK, '')));
      if (t.length > 1) units.push({ role, text: t, item: true, ...(heading ? { heading } : {}) });
      continue;
    }
    paragraph.push(cleanInline(line));
  }
  flush();
  for (const m of text.matchAll(/`([A-Za-z_$][\w$.]*)(?=[`<([])/g)) if (/[a-z][A-Z]|_|\.|^[A-Z][a-z]+$/.test(m[1]!)) codeNames.add(m[1]!);
  // A name that is also a source file's (TodoList.tsx, team_sheet.py) is a symbol of that code.
  for (const m of text.matchAll(SOURCE_FILE)) codeNames.add(m[1]!);
  return { units, commands, toolsUsed, codeNames };
}

/** Markdown and markup off, links to their words, code expressions and quoted output out. */
export function cleanInline(s: string): string {
  return s
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][\w-]*(?:\s[^>]*)?>/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/`([^`]*)`/g, (m, code: string) => (isCodeExpression(code) ? ' that ' : m))
    .replace(/"([^"\n]{0,200})"/g, (m, inner: string) => (/[!?,;:()]/.test(inner) ? ' that ' : m))
    .replace(/\*\*|(?<!\w)__(?=\S)|(?<=\S)__(?!\w)|(?<![\w*])\*(?!\s)|(?<!\s)\*(?![\w*])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `wrapper(*args)`, `x = 1`, `@retry(3)`, `a && b`: code, not a name. */
const isCodeExpression = (code: string): boolean => /[(){}=<>;$@*&|\\]|\s\S+\s/.test(code.trim()) || code.trim().length > 60;

const terminate = (s: string): string => (/[.!?:]$/.test(s) ? s : `${s}.`);
