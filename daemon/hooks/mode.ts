// The search and read hooks' switches, read at run time from config.yaml
// (hooks.search, hooks.read) without the config's schema library: a hook
// starts before every Bash command an agent runs and loads only what it needs.
// Same rule as the daemon's reader: unset is on (augment), a file that does
// not parse gives way to the daemon's last good copy, and with none the hooks
// are off.
import * as fs from 'node:fs';
import { configFile, lastGoodConfigFile } from '../config/paths';
import type { SearchMode } from '../config/hooks';

export interface RuntimeSwitches {
  search: SearchMode;
  read: boolean;
}

const MODES = new Set<string>(['augment', 'replace', 'off']);

function fromFile(file: string): RuntimeSwitches | undefined {
  // Loaded only when there is a config.yaml to read: most users have none.
  const { parse } = require('yaml') as typeof import('yaml');
  const doc: unknown = parse(fs.readFileSync(file, 'utf8'));
  const hooks = typeof doc === 'object' && doc !== null ? (doc as { hooks?: unknown }).hooks : undefined;
  if (hooks === undefined || hooks === null) return { search: 'augment', read: true };
  if (typeof hooks !== 'object') return undefined;
  const { search, read } = hooks as { search?: unknown; read?: unknown };
  if (search !== undefined && (typeof search !== 'string' || !MODES.has(search))) return undefined;
  if (read !== undefined && typeof read !== 'boolean') return undefined;
  return { search: (search as SearchMode | undefined) ?? 'augment', read: read ?? true };
}

export function runtimeSwitches(home: string, env: NodeJS.ProcessEnv = process.env): RuntimeSwitches {
  const forced = env.SCRY_HOOK_SEARCH;
  let switches: RuntimeSwitches | undefined;
  if (!fs.existsSync(configFile(home))) switches = { search: 'augment', read: true };
  else {
    try {
      switches = fromFile(configFile(home));
    } catch {
      switches = undefined;
    }
    if (!switches) {
      try {
        switches = fromFile(lastGoodConfigFile(home));
      } catch {
        switches = undefined;
      }
    }
  }
  switches ??= { search: 'off', read: false };
  return forced && MODES.has(forced) ? { ...switches, search: forced as SearchMode } : switches;
}
