// The Claude Code hooks' off switches in config.yaml (hooks.session_start,
// hooks.session_end), shared by the daemon, which honours them, and setup,
// which installs only the hooks that are on.
import * as fs from 'node:fs';
import { z } from 'zod';
import { parseConfigFile } from './file';
import { configFile, lastGoodConfigFile } from './paths';

export const HooksSchema = z.strictObject({
  session_start: z.boolean().optional(),
  session_end: z.boolean().optional(),
});

export interface HookSwitches {
  sessionStart: boolean;
  sessionEnd: boolean;
}

export const hookSwitchesOf = (hooks: z.output<typeof HooksSchema> = {}): HookSwitches => ({ sessionStart: hooks.session_start ?? true, sessionEnd: hooks.session_end ?? true });

// Setup reads only the hooks section; the rest of the file is the daemon's to check.
const HooksOnly = z.looseObject({ hooks: HooksSchema.nullish() });

/**
 * The switches as config.yaml sets them (on when it does not). A file that
 * does not parse gives way to the copy the daemon kept of the last good one,
 * and with none both are off: a broken file never turns on what its owner
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
      return { sessionStart: false, sessionEnd: false, error };
    }
  }
}
