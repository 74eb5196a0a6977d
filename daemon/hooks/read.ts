// PostToolUse on Read: when memory holds something about the file the agent
// just read (or code in it), at most two remembered lines with their state
// now (fresh, drifted, gone). Nothing otherwise, and nothing when memory is
// empty or the file is not in an index.
import { connectRunning } from '../client';
import { readNotes } from './answer';
import { deadlineMs, field, within, type HookIo } from './io';
import { runtimeSwitches } from './mode';

export interface PostToolOutput {
  hookSpecificOutput: { hookEventName: 'PostToolUse'; additionalContext: string };
}

export async function runReadHook(io: HookIo, input: Record<string, unknown>): Promise<number> {
  if (field(input, 'tool_name') !== 'Read') return 0;
  const file = field(input.tool_input, 'file_path');
  if (!file || !file.startsWith('/')) return 0;
  if (!runtimeSwitches(io.home, io.env).read) return 0;
  const started = Date.now();
  const total = deadlineMs(io.env);
  const client = await within(connectRunning(io.home), total);
  if (!client) return 0;
  try {
    const text = await within(readNotes(client, file), Math.max(1, total - (Date.now() - started)));
    if (text) io.write(`${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: text } } satisfies PostToolOutput)}\n`);
  } finally {
    client.dispose();
  }
  return 0;
}
