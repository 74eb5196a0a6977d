// The PreToolUse nudge Claude Code runs before Grep/Glob: when the pattern is a
// bare identifier, add a line to the agent's context pointing at scry. It
// never blocks or rewrites the call, and says nothing for anything else.

const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:(?:\.|::|->|#)[A-Za-z_$][\w$]*)*$/;
/** Identifiers people grep for as text, not as code. */
const TEXT_MARKERS = new Set(['todo', 'fixme', 'xxx', 'hack', 'note', 'error', 'warning', 'deprecated']);

export interface HookOutput {
  hookSpecificOutput: { hookEventName: 'PreToolUse'; additionalContext: string };
}

/** The symbol a Grep/Glob pattern names, if the whole pattern is one identifier (word boundaries allowed). */
export function symbolInPattern(pattern: string): string | undefined {
  const bare = pattern.trim().replace(/^(?:\\b|\\<)/, '').replace(/(?:\\b|\\>)$/, '');
  if (bare.length < 3 || !IDENTIFIER.test(bare)) return undefined;
  if (TEXT_MARKERS.has(bare.toLowerCase())) return undefined;
  return bare;
}

export function pretoolUseNudge(input: unknown): HookOutput | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { tool_name: tool, tool_input: toolInput } = input as { tool_name?: unknown; tool_input?: unknown };
  if (tool !== 'Grep' && tool !== 'Glob') return undefined;
  if (typeof toolInput !== 'object' || toolInput === null) return undefined;
  const pattern = (toolInput as { pattern?: unknown }).pattern;
  if (typeof pattern !== 'string') return undefined;
  const symbol = symbolInPattern(pattern);
  if (!symbol) return undefined;
  const what = tool === 'Grep' ? 'Grep also matches comments, strings and unrelated symbols of the same name' : 'Glob matches file names, not code symbols';
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      additionalContext:
        `'${symbol}' looks like a code symbol. scry_refs / scry_defs / scry_callers (the scry MCP server) answer from a semantic index in milliseconds ` +
        `with only real references, each with its enclosing function; ${what}. Keep Grep for text and regexes.`,
    },
  };
}

/** `scry hook pretooluse`: reads the hook JSON on stdin, prints the nudge or nothing. Always succeeds. */
export async function runPretoolUseHook(stdin: NodeJS.ReadableStream, write: (s: string) => void): Promise<number> {
  try {
    let text = '';
    for await (const chunk of stdin) text += String(chunk);
    const out = pretoolUseNudge(JSON.parse(text));
    if (out) write(`${JSON.stringify(out)}\n`);
  } catch {
    // Whatever went wrong, the agent's Grep must go ahead untouched.
  }
  return 0;
}
