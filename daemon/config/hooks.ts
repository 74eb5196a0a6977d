// The agent hooks' switches in config.yaml, shared by the daemon, which checks
// the file, setup, which installs only the hooks that are on, and the hooks
// themselves, which read theirs at run time:
//   hooks:
//     session_start: true    # the orientation at SessionStart
//     session_end: true      # the transcript handed over at SessionEnd
//     search: augment        # a symbol search in Bash/Grep: augment (answer beside it), replace (answer instead), off
//     read: true             # remembered lines about a file the agent reads
import * as fs from 'node:fs';
import { z } from 'zod';
import { parseConfigFile } from './file';
import { configFile, lastGoodConfigFile } from './paths';

export const SEARCH_MODES = ['augment', 'replace', 'off'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const HooksSchema = z.strictObject({
  session_start: z.boolean().optional(),
  session_end: z.boolean().optional(),
  search: z.enum(SEARCH_MODES).optional(),
  read: z.boolean().optional(),
});

export interface HookSwitches {
  sessionStart: boolean;
  sessionEnd: boolean;
  search: SearchMode;
  read: boolean;
}

export const hookSwitchesOf = (hooks: z.output<typeof HooksSchema> = {}): HookSwitches => ({
  sessionStart: hooks.session_start ?? true,
  sessionEnd: hooks.session_end ?? true,
  search: hooks.search ?? 'augment',
  read: hooks.read ?? true,
});

/** Every hook off: what a broken file with no good copy behind it means. */
const ALL_OFF: HookSwitches = { sessionStart: false, sessionEnd: false, search: 'off', read: false };

// Setup reads only the hooks section; the rest of the file is the daemon's to check.
const HooksOnly = z.looseObject({ hooks: HooksSchema.nullish() });

/**
 * The switches as config.yaml sets them (on when it does not). A file that
 * does not parse gives way to the copy the daemon kept of the last good one,
 * and with none all are off: a broken file never turns on what its owner
 * turned off.
 */
export function readHookSwitches(home: string): HookSwitches & { error?: string } {
  let text: string;
  try {
    text = fs.readFileSync(configFile(home), 'utf8');
  } catch {
    return hookSwitchesOf();
  }
  try {
    return hookSwitchesOf(parseConfigFile(text, configFile(home), HooksOnly).hooks ?? {});
  } catch (err) {
    const error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    try {
      return { ...hookSwitchesOf(parseConfigFile(fs.readFileSync(lastGoodConfigFile(home), 'utf8'), lastGoodConfigFile(home), HooksOnly).hooks ?? {}), error };
    } catch {
      return { ...ALL_OFF, error };
    }
  }
}
