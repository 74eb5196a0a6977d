// A Claude Code session as its terminal showed it (a console copy, as
// BookMinder's claude-dev-log-diary/day-*.md keeps them), split the way
// measure.ts splits a .jsonl session: prose (what the user typed after `>`,
// what the assistant wrote after `⏺`) and tool inputs (the argument of a
// `⏺ Read(...)`, `⏺ Bash(...)` line). Tool output (`⎿` and what follows it)
// is left out, as tool results are for .jsonl.

/** `⏺ Bash(...)`, `⏺ Update(path)`, `⏺ Search(pattern: ...)`: a tool call, not prose. */
const TOOL = /^⏺ ([A-Z][A-Za-z]*)\((.*)$/;
/** `⏺ Update Todos`, `⏺ Read Todos`: the todo tool, whose list is output. */
const TODOS = /^⏺ (?:Update|Read) Todos\s*$/;
const CWD = /cwd: (\/\S+)/;

export interface ConsoleParts {
  prose: string;
  tools: string;
  /** The session's working directory from the welcome box, when it shows one. */
  cwd?: string;
}

export function consoleParts(text: string): ConsoleParts {
  const prose: string[] = [];
  const tools: string[] = [];
  let cwd: string | undefined;
  let block: { kind: 'user' | 'assistant' | 'tool' | 'skip'; lines: string[] } | undefined;
  const close = (): void => {
    if (!block || block.lines.length === 0) return;
    const body = block.lines.join('\n');
    if (block.kind === 'user' || block.kind === 'assistant') prose.push(`${block.kind}: ${body}`);
    else if (block.kind === 'tool') tools.push(body);
  };
  let output = false;
  for (const line of text.split(/\r?\n/)) {
    cwd ??= CWD.exec(line)?.[1];
    if (line.startsWith('> ') || line.startsWith('⏺ ')) {
      close();
      output = false;
      if (line.startsWith('> ')) {
        const t = line.slice(2);
        // `/model`, `/hi is running…`: a command, not words.
        block = { kind: /^\/\w/.test(t) ? 'skip' : 'user', lines: [t] };
      } else if (TODOS.test(line)) block = { kind: 'skip', lines: [] };
      else {
        const tool = TOOL.exec(line);
        block = tool ? { kind: 'tool', lines: [tool[2]!.replace(/\)…?\s*$/, '')] } : { kind: 'assistant', lines: [line.slice(2)] };
      }
      continue;
    }
    if (!block) continue;
    if (/^\s*⎿/.test(line)) output = true;
    if (output || /^[╭│╰]/.test(line)) continue;
    if (line.trim() === '' && block.kind === 'tool') continue;
    block.lines.push(line.replace(/^ {2}/, ''));
  }
  close();
  return { prose: prose.join('\n\n'), tools: tools.join('\n'), cwd };
}
