// One-line stand-ins for tool activity. The transcript keeps what the agent
// did (`[ran: npm test]`, `[edited src/app.ts]`) and drops what the tool
// returned: file contents and logs are stale the moment they are read.
import * as path from 'node:path';
import { redact } from '../redact';
import { asRecord, asString } from './jsonl';

const MAX_COMMAND = 120;

/**
 * First line of a command or query, trimmed to a breadcrumb's length. The
 * line is redacted whole before the cut: a cut secret is one no rule can
 * recognise. Only the first line survives, so only it is redacted (commands
 * can carry whole files in a heredoc).
 */
export function clip(text: string, max = MAX_COMMAND): string {
  const nl = text.indexOf('\n');
  let first = (nl === -1 ? text : text.slice(0, nl)).trim();
  if (nl !== -1 && first.length === 0) first = text.trim().split('\n', 1)[0] ?? '';
  first = redact(first).text;
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

/** `p` relative to `cwd` when it lies inside it, else as given. */
export function displayPath(p: string, cwd: string | undefined): string {
  if (!cwd || !path.isAbsolute(p)) return p;
  const rel = path.relative(cwd, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

/** `mcp__github__create_issue` → `github.create_issue`; other names unchanged. */
export function toolDisplayName(name: string): string {
  if (!name.startsWith('mcp__')) return name;
  const rest = name.slice(5);
  const sep = rest.indexOf('__');
  return sep === -1 ? rest : `${rest.slice(0, sep)}.${rest.slice(sep + 2)}`;
}

/** The breadcrumb for one Claude Code tool call (also used for Codex tools with the same meaning). */
export function toolBreadcrumb(name: string, input: unknown, cwd: string | undefined): string {
  const args = asRecord(input) ?? {};
  const str = (k: string): string | undefined => asString(args[k]);
  switch (name) {
    case 'Bash':
    case 'BashOutput': {
      const cmd = str('command');
      return cmd ? `[ran: ${clip(cmd)}]` : `[used ${name}]`;
    }
    case 'Edit':
    case 'Write':
    case 'MultiEdit':
    case 'NotebookEdit': {
      const p = str('file_path') ?? str('notebook_path') ?? str('path');
      return p ? `[edited ${displayPath(p, cwd)}]` : `[used ${name}]`;
    }
    case 'Read':
    case 'NotebookRead':
    case 'LS': {
      const p = str('file_path') ?? str('notebook_path') ?? str('path');
      return p ? `[read ${displayPath(p, cwd)}]` : `[used ${name}]`;
    }
    case 'Grep':
    case 'Glob':
    case 'WebSearch': {
      const q = str('pattern') ?? str('query');
      return q ? `[searched "${clip(q)}"]` : `[used ${name}]`;
    }
    case 'WebFetch': {
      const url = str('url');
      return url ? `[fetched ${clip(url, 200)}]` : `[used ${name}]`;
    }
    case 'Task':
    case 'Agent': {
      const d = str('description') ?? str('prompt');
      return d ? `[task: ${clip(d)}]` : `[used ${name}]`;
    }
    default:
      return `[used ${toolDisplayName(name)}]`;
  }
}
